/**
 * A generated chain flow of `n` nodes as a plain Agent Spec document, written
 * the way an SDK writes it: StartNode, then alternating LlmNode / ToolNode
 * with one string input and output each, one LLM config shared by reference,
 * inlined ServerTools, control and data edges, EndNode.
 */
export function chainFlowDocument(n: number): Record<string, unknown> {
  const prop = (title: string) => ({ title, type: 'string' });
  const ref = (id: string) => ({ $component_ref: id });
  const referenced: Record<string, unknown> = {
    llm: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', description: null, metadata: {}, default_generation_parameters: null, model_id: 'model', url: 'http://127.0.0.1:8000' },
  };
  const ids: string[] = ['start'];
  referenced.start = { component_type: 'StartNode', id: 'start', name: 'start', description: null, metadata: {}, inputs: [prop('text')], outputs: [prop('text')], branches: ['next'] };
  for (let i = 1; i <= Math.max(0, n - 2); i++) {
    const id = `node_${i}`;
    ids.push(id);
    referenced[id] = i % 2 === 1
      ? {
          component_type: 'LlmNode', id, name: id, description: null, metadata: {},
          inputs: [prop('text')], outputs: [prop('text')], branches: ['next'],
          llm_config: ref('llm'), prompt_template: 'Rewrite: {{text}}',
        }
      : {
          component_type: 'ToolNode', id, name: id, description: null, metadata: {},
          inputs: [prop('text')], outputs: [prop('text')], branches: ['next'],
          tool: { component_type: 'ServerTool', id: `tool_${i}`, name: `tool_${i}`, description: 'Transforms text', metadata: {}, inputs: [prop('text')], outputs: [prop('text')] },
        };
  }
  ids.push('end');
  referenced.end = { component_type: 'EndNode', id: 'end', name: 'end', description: null, metadata: {}, inputs: [prop('text')], outputs: [prop('text')], branches: [], branch_name: 'next' };
  const control = [];
  const data = [];
  for (let i = 0; i + 1 < ids.length; i++) {
    const from = ids[i] as string;
    const to = ids[i + 1] as string;
    control.push({ component_type: 'ControlFlowEdge', id: `c_${i}`, name: `c_${i}`, description: null, metadata: {}, from_node: ref(from), from_branch: null, to_node: ref(to) });
    data.push({ component_type: 'DataFlowEdge', id: `d_${i}`, name: `d_${i}`, description: null, metadata: {}, source_node: ref(from), source_output: 'text', destination_node: ref(to), destination_input: 'text' });
  }
  return {
    component_type: 'Flow', id: 'chain', name: `chain of ${n}`, description: null, metadata: {},
    inputs: [prop('text')], outputs: [prop('text')],
    start_node: ref('start'), nodes: ids.map(ref), control_flow_connections: control, data_flow_connections: data,
    $referenced_components: referenced, agentspec_version: '25.4.1',
  };
}

/** A flow of StartNode, `n` LlmNodes ("Rewrite: {{text}}", one string output) and EndNode, with data edges. */
export function llmChainDocument(n: number): Record<string, unknown> {
  const prop = (title: string) => ({ title, type: 'string' });
  const ref = (id: string) => ({ $component_ref: id });
  const ids = ['start', ...Array.from({ length: n }, (_, i) => `llm_${i + 1}`), 'end'];
  const referenced: Record<string, unknown> = {
    llm: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'instant', url: 'http://127.0.0.1:9' },
    start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: [prop('text')] },
    end: { component_type: 'EndNode', id: 'end', name: 'finish', outputs: [prop('text')] },
  };
  for (const id of ids.slice(1, -1)) referenced[id] = { component_type: 'LlmNode', id, name: id, llm_config: ref('llm'), prompt_template: 'Rewrite: {{text}}', outputs: [prop('text')] };
  const pairs = ids.slice(1).map((to, i) => [ids[i] as string, to] as const);
  return {
    component_type: 'Flow', id: 'llm_chain', name: `chain of ${n} LlmNodes`, start_node: ref('start'), nodes: ids.map(ref),
    control_flow_connections: pairs.map(([from, to], i) => ({ component_type: 'ControlFlowEdge', id: `c_${i}`, name: `c_${i}`, from_node: ref(from), to_node: ref(to) })),
    data_flow_connections: pairs.map(([from, to], i) => ({ component_type: 'DataFlowEdge', id: `d_${i}`, name: `d_${i}`, source_node: ref(from), source_output: 'text', destination_node: ref(to), destination_input: 'text' })),
    $referenced_components: referenced, agentspec_version: '25.4.1',
  };
}
