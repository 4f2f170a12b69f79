import { describe, expect, it } from 'vitest';
import { agent, deserialize, load, serialize, serializeDisaggregated, serverTool, vllmConfig } from '../src/index.js';
import type { Agent, Flow, LlmNode } from '../src/index.js';

const llm = { component_type: 'VllmConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://x' };

describe('$component_ref and $referenced_components', () => {
  it('resolves references at any depth, innermost scope first', () => {
    const doc = {
      component_type: 'Flow', id: 'f', name: 'f', agentspec_version: '25.4.1',
      start_node: { $component_ref: 's' },
      nodes: [
        { $component_ref: 's' },
        {
          component_type: 'FlowNode', id: 'fn', name: 'fn',
          subflow: {
            component_type: 'Flow', id: 'inner', name: 'inner',
            start_node: { $component_ref: 's2' }, nodes: [{ $component_ref: 's2' }, { $component_ref: 'e' }],
            control_flow_connections: [{ component_type: 'ControlFlowEdge', id: 'ic', name: 'ic', from_node: { $component_ref: 's2' }, to_node: { $component_ref: 'e' } }],
            $referenced_components: { s2: { component_type: 'StartNode', id: 's2', name: 's2' } },
          },
        },
        { $component_ref: 'e' },
      ],
      control_flow_connections: [
        { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: { $component_ref: 's' }, to_node: { $component_ref: 'fn' } },
        { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'fn' }, to_node: { $component_ref: 'e' } },
      ],
      $referenced_components: {
        s: { component_type: 'StartNode', id: 's', name: 's' },
        e: { component_type: 'EndNode', id: 'e', name: 'e' },
      },
    };
    const r = load(doc);
    expect(r.diagnostics).toEqual([]);
    const f = r.component as Flow;
    const inner = (f.nodes[1] as unknown as { subflow: Flow }).subflow;
    expect(inner.nodes[1]).toBe(f.nodes[2]); // the outer scope's EndNode, shared
    expect(f.control_flow_connections[0]?.to_node).toBe(f.nodes[1]); // a reference to an inline component
  });

  it('writes a component used twice once, and reads it back as one object', () => {
    const tool = serverTool({ id: 't', name: 't' });
    const a = agent({ id: 'a', name: 'a', system_prompt: 'x', llm_config: vllmConfig({ id: 'l', name: 'l', model_id: 'm', url: 'u' }), tools: [tool, tool] });
    const text = serialize(a);
    expect(JSON.parse(text).$referenced_components).toHaveProperty('t');
    const back = deserialize(text) as Agent;
    expect(back.tools[0]).toBe(back.tools[1]);
  });

  it('reports a reference to a component that contains it as a cycle', () => {
    const r = load({
      component_type: 'Flow', id: 'f', name: 'f', agentspec_version: '25.4.1',
      start_node: { $component_ref: 's' }, nodes: [{ $component_ref: 's' }, { $component_ref: 'fn' }],
      control_flow_connections: [],
      $referenced_components: {
        s: { component_type: 'StartNode', id: 's', name: 's' },
        fn: { component_type: 'FlowNode', id: 'fn', name: 'fn', subflow: { $component_ref: 'sub' } },
        sub: {
          component_type: 'Flow', id: 'sub', name: 'sub', start_node: { $component_ref: 's' },
          nodes: [{ $component_ref: 's' }, { $component_ref: 'fn' }], control_flow_connections: [],
        },
      },
    });
    expect(r.diagnostics.filter((d) => d.code === 'AS_REF_CYCLE').map((d) => d.path)).toEqual(['/$referenced_components/sub/nodes/1']);
  });

  it('reports a containment cycle closed by references to inline components (resolved after reading)', () => {
    // fn (inline) runs sub, and sub (inline, elsewhere) holds fn: both references are to inline ids, resolved late
    const start = { component_type: 'StartNode', id: 's', name: 's' };
    const r = load({
      component_type: 'Flow', id: 'f', name: 'f', agentspec_version: '25.4.1',
      start_node: start,
      nodes: [
        { $component_ref: 's' },
        { component_type: 'FlowNode', id: 'fn', name: 'fn', subflow: { $component_ref: 'sub' } },
        {
          component_type: 'FlowNode', id: 'other', name: 'other',
          subflow: { component_type: 'Flow', id: 'sub', name: 'sub', start_node: { ...start, id: 's3', name: 's3' }, nodes: [{ $component_ref: 's3' }, { $component_ref: 'fn' }], control_flow_connections: [] },
        },
      ],
      control_flow_connections: [],
    });
    const cycles = r.diagnostics.filter((d) => d.code === 'AS_REF_CYCLE');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.message).toMatch(/contains itself/);
  });

  it('infers what a component holds first, whether a reference to an inline component points back or forward', () => {
    // sub's start node and its edges' nodes are references to inline components read before them; the FlowNodes
    // take their inputs and outputs from sub, which takes them from its StartNode and EndNode
    const sub = {
      component_type: 'Flow', id: 'sub', name: 'sub',
      start_node: { component_type: 'StartNode', id: 'ss', name: 'ss', inputs: [{ title: 'q', type: 'string' }] },
      nodes: [{ $component_ref: 'ss' }, { component_type: 'EndNode', id: 'se', name: 'se', outputs: [{ title: 'a', type: 'string' }] }],
      control_flow_connections: [{ component_type: 'ControlFlowEdge', id: 'sc', name: 'sc', from_node: { $component_ref: 'ss' }, to_node: { $component_ref: 'se' } }],
    };
    const flow = (forward: boolean) => ({
      component_type: 'Flow', id: 'f', name: 'f', agentspec_version: '25.4.1',
      start_node: { component_type: 'StartNode', id: 's', name: 's', inputs: [{ title: 'q', type: 'string' }] },
      nodes: [
        { $component_ref: 's' },
        // forward: sub is read after this node; back: before it
        { component_type: 'FlowNode', id: 'by_ref', name: 'by_ref', subflow: forward ? { $component_ref: 'sub' } : sub },
        { component_type: 'FlowNode', id: 'inline', name: 'inline', subflow: forward ? sub : { $component_ref: 'sub' } },
        { component_type: 'EndNode', id: 'e', name: 'e' },
      ],
      control_flow_connections: [
        { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: { $component_ref: 's' }, to_node: { $component_ref: 'by_ref' } },
        { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'by_ref' }, to_node: { $component_ref: 'inline' } },
        { component_type: 'ControlFlowEdge', id: 'c3', name: 'c3', from_node: { $component_ref: 'inline' }, to_node: { $component_ref: 'e' } },
      ],
    });
    for (const forward of [false, true]) {
      const r = load(flow(forward));
      expect(r.diagnostics).toEqual([]);
      const nodes = (r.component as Flow).nodes as unknown as { id: string; inputs: unknown; outputs: unknown; branches: unknown }[];
      for (const n of [nodes[1], nodes[2]]) {
        expect({ id: n?.id, inputs: n?.inputs, outputs: n?.outputs, branches: n?.branches }).toEqual({
          id: n?.id, inputs: [{ title: 'q', type: 'string' }], outputs: [{ title: 'a', type: 'string' }], branches: ['next'],
        });
      }
    }
  });
});

describe('disaggregated components', () => {
  const main = {
    component_type: 'Agent', id: 'agent', name: 'agent', agentspec_version: '25.4.1', system_prompt: 'hi',
    llm_config: { ...llm, url: { $component_ref: 'llm_url' } },
    tools: [{ $component_ref: 'tool' }],
  };
  const components = { $referenced_components: { tool: { component_type: 'ClientTool', id: 'tool', name: 'tool' }, llm_url: 'http://prod.llm' } };

  it('loads with the second document supplied, as text or value', () => {
    for (const referenced of [JSON.stringify(components), components]) {
      const a = deserialize(JSON.stringify(main), { referenced }) as Agent;
      expect((a.llm_config as { url: string }).url).toBe('http://prod.llm');
      expect(a.tools[0]?.component_type).toBe('ClientTool');
    }
  });

  it('fails without it, naming every missing reference', () => {
    const r = load(JSON.stringify(main));
    expect(r.diagnostics.filter((d) => d.code === 'AS_DANGLING_REF').map((d) => d.path).sort()).toEqual(['/llm_config/url', '/tools/0']);
  });

  it('takes values supplied at load, with an id mapping', () => {
    const a = deserialize(main, {
      components: { prod_url: 'http://other', tool: serverTool({ id: 'tool', name: 'tool' }) },
      refMap: { llm_url: 'prod_url' },
    }) as Agent;
    expect((a.llm_config as { url: string }).url).toBe('http://other');
  });

  it('refuses a supplied value of the wrong kind', () => {
    const r = load(main, { components: { llm_url: 42, tool: 'not a tool' } });
    expect(r.diagnostics.map((d) => d.code).sort()).toEqual(['AS_NOT_A_COMPONENT', 'AS_WRONG_TYPE']);
  });

  it('rejects a components-only document given as the main one', () => {
    expect(load(components).diagnostics.map((d) => d.code)).toEqual(['AS_DISAGGREGATED_ONLY']);
  });

  it('writes both documents, and they load back together', () => {
    const a = deserialize(main, { referenced: components }) as Agent;
    const { main: m, referenced } = serializeDisaggregated(a, {
      disaggregate: [a.tools[0] as never, { component: a.llm_config, field: 'url', id: 'llm_url' }],
    });
    expect(m).not.toContain('prod.llm');
    expect(m).not.toContain('"ClientTool"');
    expect(JSON.parse(referenced).$referenced_components).toMatchObject({ llm_url: 'http://prod.llm', tool: { component_type: 'ClientTool' } });
    expect(deserialize(m, { referenced })).toEqual(a);
  });

  it('a template value may itself be disaggregated', () => {
    const doc = {
      component_type: 'LlmNode', id: 'n', name: 'n', agentspec_version: '25.4.1', llm_config: llm,
      prompt_template: { $component_ref: 'prompt' },
    };
    const n = deserialize(doc, { components: { prompt: 'Translate {{text}}' } }) as LlmNode;
    expect(n.inputs).toEqual([{ title: 'text', type: 'string' }]);
  });
});
