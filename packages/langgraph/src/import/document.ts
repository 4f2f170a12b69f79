/**
 * The importer writes one Agent Spec document and reads it with
 * `deserialize` (so what it makes is checked like any document): every flow
 * node goes to the root's `$referenced_components`, and so does every
 * component that several places share (an LLM config used by two nodes).
 */
import { compareVersions, isVersion, type Version } from '@agentspec/core';

export type Doc = Record<string, unknown>;

export const ref = (id: string): Doc => ({ $component_ref: id });

export class DocumentBuilder {
  readonly referenced: Record<string, Doc> = {};
  private version: Version = '25.4.1';

  /** A component document from a graph's metadata: its version noted, its own references moved to the root. */
  adopt(doc: Doc): Doc {
    const { agentspec_version: v, $referenced_components: refs, ...rest } = doc;
    if (typeof v === 'string' && isVersion(v) && compareVersions(v, this.version) > 0) this.version = v;
    for (const [id, d] of Object.entries((refs ?? {}) as Record<string, Doc>)) this.referenced[id] ??= this.adopt(d);
    return rest;
  }

  /** Put a node in the root's references; returns the reference to it. */
  node(doc: Doc): Doc {
    this.referenced[doc.id as string] = doc;
    return ref(doc.id as string);
  }

  /** The document needs at least this Agent Spec version. */
  need(version: Version): void {
    if (compareVersions(version, this.version) > 0) this.version = version;
  }

  /** The root document: repeated components shared, version and references added. */
  finish(root: Doc): Doc {
    const counts = new Map<string, number>();
    const count = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(count);
      if (typeof v !== 'object' || v === null) return;
      const d = v as Doc;
      // a tool's requires_confirmation (what the importer writes for pauses before tools) exists from 25.4.2
      if (d.requires_confirmation === true) this.need('25.4.2');
      // and an LLM config's api_type (what the importer writes for useResponsesApi)
      if (typeof d.api_type === 'string') this.need('25.4.2');
      if (typeof d.component_type === 'string' && typeof d.id === 'string') counts.set(d.id, (counts.get(d.id) ?? 0) + 1);
      for (const child of Object.values(d)) count(child);
    };
    count(root);
    count(Object.values(this.referenced));
    const share = (v: unknown, top: boolean): unknown => {
      if (Array.isArray(v)) return v.map((x) => share(x, false));
      if (typeof v !== 'object' || v === null) return v;
      const d = v as Doc;
      const out: Doc = {};
      for (const [k, child] of Object.entries(d)) out[k] = share(child, false);
      if (!top && typeof d.component_type === 'string' && typeof d.id === 'string' && (counts.get(d.id) ?? 0) > 1) {
        this.referenced[d.id] ??= out;
        return ref(d.id);
      }
      return out;
    };
    const shared: Doc = share(root, true) as Doc;
    for (const id of Object.keys(this.referenced)) this.referenced[id] = share(this.referenced[id], true) as Doc;
    return { ...shared, $referenced_components: this.referenced, agentspec_version: this.version };
  }
}
