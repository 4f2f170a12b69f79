import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { AgentSpecError, deserialize, load } from '../../src/index.js';

const CASES = fileURLToPath(new URL('../../../../conformance/cases/', import.meta.url));

export interface SpecFile {
  readonly file: string;
  readonly format: 'json' | 'yaml';
  readonly value: unknown;
}

/** Every spec document of the conformance suite, parsed (specs that are not JSON/YAML values are skipped). */
export function conformanceSpecs(): SpecFile[] {
  const out: SpecFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === 'spec.yaml' || name === 'spec.json') {
        try {
          const text = readFileSync(p, 'utf8');
          const value = name === 'spec.json' ? JSON.parse(text) : parse(text);
          if (value !== null && typeof value === 'object') out.push({ file: p.slice(CASES.length), format: name === 'spec.json' ? 'json' : 'yaml', value });
        } catch {
          // a deliberately malformed document (parse-error case): nothing to mutate
        }
      }
    }
  };
  walk(CASES);
  return out;
}

export type Path = readonly (string | number)[];

/** Every path to a value inside a document: object members and array elements, at every depth. */
export function fieldPaths(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([...prefix, i]);
      out.push(...fieldPaths(v, [...prefix, i]));
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([...prefix, k]);
      for (const p of fieldPaths(v, [...prefix, k])) out.push(p);
    }
  }
  return out;
}

/** A copy of `doc` with the value at `path` replaced. */
export function replaceAt(doc: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(doc)) {
    const copy = [...doc];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(doc as Record<string, unknown>) };
  Object.defineProperty(copy, head, { value: replaceAt(copy[head as string], rest, replacement), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The five malformed shapes every field is replaced with. */
export const SHAPES: readonly unknown[] = [null, 42, 'x', {}, []];

/**
 * Why loading `text` misbehaves, or undefined when it behaves: load never
 * throws, every diagnostic is coded with a JSON Pointer and a line, and
 * deserialize (load, then AgentSpecLoadError on errors) throws only
 * AgentSpecError (checked when `deserializeToo`).
 */
export function misbehaviour(text: string, deserializeToo = false): string | undefined {
  let result;
  try {
    result = load(text);
  } catch (e) {
    return `load threw ${(e as Error).stack?.split('\n').slice(0, 3).join(' | ')}`;
  }
  for (const d of result.diagnostics) {
    if (!/^AS_[A-Z_]+$/.test(d.code)) return `uncoded diagnostic ${JSON.stringify(d)}`;
    if (typeof d.path !== 'string' || (d.path !== '' && !d.path.startsWith('/'))) return `diagnostic without a JSON Pointer ${JSON.stringify(d)}`;
    if (typeof d.line !== 'number' || typeof d.column !== 'number') return `diagnostic without a line ${JSON.stringify(d)}`;
  }
  if (!deserializeToo) return undefined;
  try {
    deserialize(text);
  } catch (e) {
    if (!AgentSpecError.isInstance(e)) return `deserialize threw ${(e as Error).stack?.split('\n').slice(0, 3).join(' | ')}`;
  }
  return undefined;
}

/**
 * What a mutation at `path` exercises, independent of the case: the component
 * types along the path and the field names, list indices and
 * `$referenced_components` ids collapsed. Mutations with the same signature
 * and shape take the same code paths in the loader.
 */
export function signature(doc: unknown, path: Path): string {
  const parts: string[] = [];
  let v: unknown = doc;
  let inRefs = false;
  for (const token of path) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const type = (v as Record<string, unknown>).component_type;
      if (typeof type === 'string' && !inRefs) parts.push(type);
    }
    if (inRefs) parts.push('<id>');
    else parts.push(typeof token === 'number' ? '*' : token);
    inRefs = token === '$referenced_components';
    v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[token] : undefined;
  }
  return parts.join('/');
}
