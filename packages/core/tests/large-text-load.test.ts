import { describe, expect, it } from 'vitest';
import { load, serialize } from '../src/index.js';

// From 256 KiB of JSON text the reader drops what it has read from the parsed text (load.ts: OWNED_FROM);
// a parsed value passed in is never touched. Both must read the same.
const prop = (title: string) => ({ title, type: 'string' });
const ref = (id: string) => ({ $component_ref: id });

function largeFlow(n: number): Record<string, unknown> {
  const ids = ['start', ...Array.from({ length: n }, (_, i) => `node_${i}`), 'end'];
  const referenced: Record<string, unknown> = {
    llm: { component_type: 'VllmConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://x' },
    start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: [prop('text')], outputs: [prop('text')] },
    end: { component_type: 'EndNode', id: 'end', name: 'end', inputs: [prop('text')], outputs: [prop('text')] },
    unused: { component_type: 'VllmConfig', id: 'unused', name: 'unused', model_id: 'm', url: 'http://x' },
  };
  for (const id of ids.slice(1, -1)) {
    referenced[id] = { component_type: 'LlmNode', id, name: id, llm_config: ref('llm'), prompt_template: 'Rewrite: {{text}}', inputs: [prop('text')], outputs: [prop('text')] };
  }
  const pairs = ids.slice(1).map((to, i) => [ids[i] as string, to] as const);
  return {
    component_type: 'Flow', id: 'flow', name: 'flow', agentspec_version: '25.4.1', start_node: ref('start'), nodes: [...ids.map(ref), ref('missing')],
    control_flow_connections: pairs.map(([from, to], i) => ({ component_type: 'ControlFlowEdge', id: `c_${i}`, name: `c_${i}`, from_node: ref(from), to_node: ref(to) })),
    data_flow_connections: pairs.map(([from, to], i) => ({ component_type: 'DataFlowEdge', id: i === 7 ? 'c_3' : `d_${i}`, name: `d_${i}`, source_node: ref(from), source_output: 'text', destination_node: ref(to), destination_input: 'text' })),
    $referenced_components: referenced,
  };
}

describe('a large JSON text', () => {
  it('reads as its parsed value does: same component, same diagnostics', () => {
    const text = JSON.stringify(largeFlow(1_000), null, 2);
    expect(text.length).toBeGreaterThan(256 * 1024);
    const fromText = load(text);
    const value = JSON.parse(text) as unknown;
    const fromValue = load(value);
    expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text))); // the caller's value is left as it was
    expect(fromText.diagnostics.map(({ line: _l, column: _c, ...d }) => d)).toEqual(fromValue.diagnostics);
    expect(fromText.diagnostics.map((d) => d.code).sort()).toEqual(['AS_DANGLING_REF', 'AS_DUPLICATE_ID', 'AS_UNUSED_COMPONENT']);
    expect(fromText.diagnostics.every((d) => d.line !== undefined)).toBe(true);
    expect(serialize(fromText.component as never)).toBe(serialize(fromValue.component as never));
  });
});
