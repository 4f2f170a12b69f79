import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareVersions, deserialize, isSensitiveField, load, parseVersion, serialize, type Version } from '../src/index.js';

/** Realistic documents of each later version, using what that version added (see fixtures/versions/README.md). */
const ROOT = new URL('./fixtures/versions/', import.meta.url);
/** The document with every $component_ref replaced by its definition and $referenced_components dropped. */
function inline(doc: unknown): unknown {
  const defs = new Map<string, unknown>();
  const collect = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') {
      const refs = (v as Record<string, unknown>).$referenced_components;
      if (refs && typeof refs === 'object') for (const [k, d] of Object.entries(refs)) defs.set(k, d);
      Object.values(v).forEach(collect);
    }
  };
  collect(doc);
  const walk = (v: unknown, depth: number): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, depth));
    if (!v || typeof v !== 'object') return v;
    const ref = (v as Record<string, unknown>).$component_ref;
    if (typeof ref === 'string' && defs.has(ref) && depth < 20) return walk(defs.get(ref), depth + 1);
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== '$referenced_components' && k !== 'agentspec_version').map(([k, x]) => [k, walk(x, depth)]));
  };
  return walk(doc, 0);
}

/** What the writer does to secrets: each becomes a reference `<component id>.<field>` to supply at load. */
function secretsAsReferences(doc: unknown, found: Record<string, unknown> = {}): unknown {
  if (Array.isArray(doc)) return doc.map((x) => secretsAsReferences(x, found));
  if (!doc || typeof doc !== 'object') return doc;
  const o = doc as Record<string, unknown>;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => {
    const isReference = typeof v === 'object' && v !== null && '$component_ref' in v;
    const secret = typeof o.component_type === 'string' && isSensitiveField(o.component_type, k) && v != null && !isReference;
    if (secret) found[`${String(o.id)}.${k}`] = v;
    return [k, secret ? { $component_ref: `${String(o.id)}.${k}` } : secretsAsReferences(v, found)];
  }));
}

/** The secret values of a document, keyed as the writer references them. */
function secretsOf(doc: unknown): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  secretsAsReferences(doc, found);
  return found;
}

const versions = readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name as Version);

describe('documents of later versions', () => {
  it('cover every later version', () => {
    expect(versions.sort()).toEqual(['25.4.2', '26.1.0', '26.1.2', '26.2.0']);
  });

  for (const version of versions) {
    const dir = new URL(`${version}/`, ROOT);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const original = JSON.parse(text) as Record<string, unknown>;

      it(`${version}/${file}: loads without a diagnostic and round-trips, keeping every field and value`, () => {
        expect(load(text).diagnostics).toEqual([]);
        const component = deserialize(text);
        const written = serialize(component, { version: version as Version });
        expect(deserialize(written, { components: secretsOf(original) })).toEqual(component);
        // nothing read is lost: every value of the original is in what is written (defaults may be added,
        // and a component used once may be written inline instead of by reference)
        expect(inline(JSON.parse(written))).toMatchObject(inline(secretsAsReferences(original)) as Record<string, unknown>);
        expect(serialize(deserialize(written, { components: secretsOf(original) }), { version: version as Version })).toBe(written);
      });

      it(`${version}/${file}: is refused under 25.4.1, naming what is newer`, () => {
        const older = load({ ...original, agentspec_version: '25.4.1' });
        const gates = older.diagnostics.filter((d) => d.code === 'AS_VERSION_GATE');
        expect(gates.length).toBeGreaterThan(0);
        // and written without a version, it declares one that holds it
        const minimal = JSON.parse(serialize(deserialize(text))).agentspec_version as Version;
        expect(compareVersions(minimal, '25.4.1')).toBeGreaterThan(0);
        expect(compareVersions(minimal, parseVersion(version) as Version)).toBeLessThanOrEqual(0);
      });
    }
  }
});

describe('buildLater', () => {
  it('builds a later component with its inferred inputs and outputs, and saving stamps the version that has it', async () => {
    const { buildLater, endNode, flow, startNode, controlFlowEdge, dataFlowEdge, validateComponent } = await import('../src/index.js');
    const sub = (id: string, out: string) => {
      const s = startNode({ id: `${id}_s`, name: 's', inputs: [{ title: 'x', type: 'string' }] });
      const e = endNode({ id: `${id}_e`, name: 'e', outputs: [{ title: out, type: 'string' }] });
      return flow({
        id, name: id, start_node: s, nodes: [s, e],
        control_flow_connections: [controlFlowEdge({ id: `${id}_c`, name: 'c', from_node: s, to_node: e })],
        data_flow_connections: [dataFlowEdge({ id: `${id}_d`, name: 'd', source_node: s, source_output: 'x', destination_node: e, destination_input: out })],
      });
    };
    const node = buildLater('ParallelFlowNode', { id: 'both', name: 'both', subflows: [sub('a', 'left'), sub('b', 'right')] });
    expect(node.inputs?.map((p) => p.title)).toEqual(['x']);
    expect(node.outputs?.map((p) => p.title)).toEqual(['left', 'right']);
    expect(node.branches).toEqual(['next']);
    const s = startNode({ id: 'start', name: 'start', inputs: [{ title: 'x', type: 'string' }] });
    const e = endNode({ id: 'end', name: 'end', outputs: [{ title: 'left', type: 'string' }] });
    const outer = flow({
      id: 'outer', name: 'outer', start_node: s, nodes: [s, node as never, e],
      control_flow_connections: [controlFlowEdge({ id: 'c1', name: 'c1', from_node: s, to_node: node as never }), controlFlowEdge({ id: 'c2', name: 'c2', from_node: node as never, to_node: e })],
      data_flow_connections: [
        dataFlowEdge({ id: 'd1', name: 'd1', source_node: s, source_output: 'x', destination_node: node as never, destination_input: 'x' }),
        dataFlowEdge({ id: 'd2', name: 'd2', source_node: node as never, source_output: 'left', destination_node: e, destination_input: 'left' }),
      ],
    });
    expect(validateComponent(outer).filter((d) => d.severity === 'error')).toEqual([]);
    expect(JSON.parse(serialize(outer)).agentspec_version).toBe('25.4.2');
  });
});
