import { describe, expect, it } from 'vitest';
import { deserialize, load, serialize, type ComponentPlugin, type Flow } from '../src/index.js';

const plugin: ComponentPlugin = {
  name: 'acme-nodes',
  version: '1.2.3',
  componentTypes: ['AcmeCounterNode'],
  families: ['Node'],
  read(c) {
    if (typeof c.step !== 'number') throw new Error('step must be a number');
    return c;
  },
};

const flowWith = (node: Record<string, unknown>) => ({
  component_type: 'Flow', id: 'f', name: 'f', agentspec_version: '25.4.1',
  start_node: { $component_ref: 's' },
  nodes: [{ $component_ref: 's' }, { $component_ref: 'n' }, { $component_ref: 'e' }],
  control_flow_connections: [
    { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: { $component_ref: 's' }, to_node: { $component_ref: 'n' } },
    { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'n' }, to_node: { $component_ref: 'e' } },
  ],
  $referenced_components: {
    s: { component_type: 'StartNode', id: 's', name: 's' },
    e: { component_type: 'EndNode', id: 'e', name: 'e' },
    n: node,
  },
});

describe('plugins', () => {
  const node = { component_type: 'AcmeCounterNode', component_plugin_name: 'acme-nodes', component_plugin_version: '1.2.3', id: 'n', name: 'count', step: 2, branches: ['next'] };

  it('reads a plugin component where its family is expected, and writes it back with its plugin name and version', () => {
    const f = deserialize(flowWith(node), { plugins: [plugin] }) as Flow;
    expect(f.nodes[1]).toMatchObject({ component_type: 'AcmeCounterNode', step: 2 });
    const out = JSON.parse(serialize(f, { plugins: [plugin] }));
    expect(out.$referenced_components.n).toEqual(node);
  });

  it('without the plugin, the component is refused naming the plugin it needs', () => {
    const [d, ...rest] = load(flowWith(node)).diagnostics;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'AS_PLUGIN_MISSING', severity: 'error', path: '/$referenced_components/n' });
    expect(d?.message).toContain('plugin acme-nodes 1.2.3');
    // a type no version defines and no plugin names stays unknown
    const { component_plugin_name: _n, component_plugin_version: _v, ...bare } = node;
    expect(load(flowWith(bare)).diagnostics.map((x) => x.code)).toEqual(['AS_UNKNOWN_COMPONENT']);
  });

  it('a plugin that rejects a component gives AS_PLUGIN_ERROR', () => {
    const r = load(flowWith({ ...node, step: 'two' }), { plugins: [plugin] });
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([['AS_PLUGIN_ERROR', '/$referenced_components/n']]);
  });

  it('a plugin component outside its families is refused', () => {
    const r = load({ component_type: 'Agent', id: 'a', name: 'a', system_prompt: 'x', agentspec_version: '25.4.1', llm_config: node }, { plugins: [plugin] });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['AS_WRONG_COMPONENT_KIND']);
  });
});
