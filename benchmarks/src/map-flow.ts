// The flow of the map benchmarks (parallel-map.ts, the shapes and ai-sdk benchmarks): items mapped through a
// subflow with one LlmNode, by a sequential MapNode or a ParallelMapNode.

/** A flow: StartNode (the items), a MapNode or ParallelMapNode over a subflow StartNode → LlmNode → EndNode, EndNode (the answers). */
export function mapFlowDocument(kind: 'MapNode' | 'ParallelMapNode'): Record<string, unknown> {
  const ref = (id: string) => ({ $component_ref: id });
  const edge = (id: string, from: string, to: string) => ({ component_type: 'ControlFlowEdge', id, name: id, from_node: ref(from), to_node: ref(to) });
  return {
    agentspec_version: kind === 'MapNode' ? '25.4.1' : '25.4.2',
    component_type: 'Flow', id: 'map_flow', name: 'map flow',
    start_node: ref('start'), nodes: [ref('start'), ref('map'), ref('end')],
    control_flow_connections: [edge('c1', 'start', 'map'), edge('c2', 'map', 'end')],
    data_flow_connections: null,
    $referenced_components: {
      llm: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'scripted-model', url: 'http://127.0.0.1:9' },
      start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: [{ title: 'iterated_item', type: 'array', items: { type: 'string' } }] },
      map: {
        component_type: kind, id: 'map', name: 'each item',
        subflow: {
          component_type: 'Flow', id: 'one_item', name: 'one item',
          start_node: ref('sub_start'), nodes: [ref('sub_start'), ref('ask'), ref('sub_end')],
          control_flow_connections: [edge('s1', 'sub_start', 'ask'), edge('s2', 'ask', 'sub_end')],
          data_flow_connections: null,
          $referenced_components: {
            sub_start: { component_type: 'StartNode', id: 'sub_start', name: 'start', inputs: [{ title: 'item', type: 'string' }] },
            ask: { component_type: 'LlmNode', id: 'ask', name: 'ask', llm_config: ref('llm'), prompt_template: 'Rewrite: {{item}}', outputs: [{ title: 'value', type: 'string' }] },
            sub_end: { component_type: 'EndNode', id: 'sub_end', name: 'end', outputs: [{ title: 'value', type: 'string' }] },
          },
        },
      },
      end: { component_type: 'EndNode', id: 'end', name: 'end', outputs: [{ title: 'collected_value', type: 'array', items: { type: 'string' } }] },
    },
  };
}
