import { describe, expect, it } from 'vitest';
import { load, type ComponentPlugin } from '../src/index.js';
import type { Agent, Flow } from '../src/index.js';

// ids and references in documents large enough to grow the reader's tables by id (reader.ts: byId, each scope's done)
const llm = { component_type: 'VllmConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://x' };
const tool = (id: string, name = id) => ({ component_type: 'ServerTool', id, name, inputs: [], outputs: [] });

describe('ids and references in large documents', () => {
  it('reports every repeated id, naming where it was first used', () => {
    // 3,000 tools, every 3rd one reusing the id of the tool 1,000 places before it
    const tools = Array.from({ length: 3_000 }, (_, i) => tool(i % 3 === 2 && i >= 1_000 ? `t${i - 1_000}` : `t${i}`, `n${i}`));
    const r = load({ component_type: 'Agent', id: 'a', name: 'a', agentspec_version: '25.4.1', llm_config: llm, system_prompt: 'p', tools });
    const duplicates = r.diagnostics.filter((d) => d.code === 'AS_DUPLICATE_ID');
    const expected = tools.flatMap((t, i) => (t.id === `t${i}` ? [] : [{ path: `/tools/${i}/id`, first: `/tools/${i - 1_000}` }]));
    expect(duplicates.map((d) => d.path)).toEqual(expected.map((e) => e.path));
    duplicates.forEach((d, k) => expect(d.message).toContain(`at ${(expected[k] as { first: string }).first}`));
    expect(r.diagnostics.filter((d) => d.code !== 'AS_DUPLICATE_ID')).toEqual([]);
  });

  it('resolves references to inline components (late references) and to $referenced_components entries, many times', () => {
    const n = 2_000;
    const ends = Array.from({ length: n }, (_, i) => `e${i}`);
    const end = (id: string) => ({ component_type: 'EndNode', id, name: id });
    // the even EndNodes written inline in nodes, the odd ones as entries; start_node refers to the StartNode written after it
    const doc = {
      component_type: 'Flow', id: 'f', name: 'f', agentspec_version: '25.4.1',
      start_node: { $component_ref: 's' },
      nodes: [{ component_type: 'StartNode', id: 's', name: 's' }, ...ends.map((id, i) => (i % 2 === 0 ? end(id) : { $component_ref: id }))],
      control_flow_connections: ends.map((to, i) => ({ component_type: 'ControlFlowEdge', id: `c${i}`, name: `c${i}`, from_node: { $component_ref: 's' }, from_branch: null, to_node: { $component_ref: to } })),
      $referenced_components: Object.fromEntries(ends.filter((_, i) => i % 2 === 1).map((id) => [id, end(id)])),
    };
    const r = load(doc, { maxDiagnostics: 10 * n });
    const f = r.component as Flow;
    // one StartNode with edges to every EndNode on its one branch: flow problems, but every reference resolved
    expect(new Set(r.diagnostics.map((d) => d.code))).toEqual(new Set(['AS_EDGE_DUPLICATE_BRANCH', 'AS_FLOW_UNREACHABLE_NODE']));
    expect(f.start_node).toBe(f.nodes[0]);
    f.control_flow_connections.forEach((c, i) => {
      expect(c.from_node).toBe(f.nodes[0]);
      expect(c.to_node).toBe(f.nodes[i + 1]);
      expect(c.to_node?.id).toBe(`e${i}`);
    });
  });

  it('reports an entry that cannot be read once, however often it is referenced', () => {
    const tools = Array.from({ length: 50 }, () => ({ $component_ref: 'broken' }));
    const r = load({
      component_type: 'Agent', id: 'a', name: 'a', agentspec_version: '25.4.1', llm_config: llm, system_prompt: 'p', tools,
      $referenced_components: { broken: { $component_ref: 'nowhere' } },
    });
    expect(r.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(['AS_DANGLING_REF /$referenced_components/broken']);
    expect((r.component as Agent).tools).toEqual(Array(50));
  });

  it('takes a component a plugin returns again (read twice) for the one it is, not for a duplicate id', () => {
    let first: unknown;
    const plugin: ComponentPlugin = { name: 'acme', version: '1', componentTypes: ['AcmeTool'], families: ['Tool'], read: (c) => (first ??= c) as typeof c };
    const tools = [tool('t0'), ...Array.from({ length: 40 }, (_, i) => ({ component_type: 'AcmeTool', id: `p${i}`, name: `p${i}` })), tool('p0', 'again')];
    const r = load({ component_type: 'Agent', id: 'a', name: 'a', agentspec_version: '25.4.1', llm_config: llm, system_prompt: 'p', tools }, { plugins: [plugin] });
    const agent = r.component as Agent;
    expect(agent.tools[1]).toBe(agent.tools[40]);
    // the ServerTool after them takes the id the plugin's component has, read first at /tools/1
    expect(r.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(['AS_DUPLICATE_ID /tools/41/id']);
    expect(r.diagnostics[0]?.message).toContain('at /tools/1');
  });
});
