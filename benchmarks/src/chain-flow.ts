import type { ToolRegistry } from '@agentspec/runtime';

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

/**
 * A generated chain flow of `n` nodes of Agent Spec 26.3.1, with the
 * components of later versions: after the StartNode, LlmNodes on a generic
 * LlmConfig with a retry_policy, ToolNodes running BuiltinTools,
 * CatchExceptionNodes around one shared guarded subflow, and ApiNodes with a
 * url_allow_list and a retry_policy, in turn; control and data edges; EndNode.
 */
export function laterChainFlowDocument(n: number): Record<string, unknown> {
  const prop = (title: string, extra: Record<string, unknown> = {}) => ({ title, type: 'string', ...extra });
  const ref = (id: string) => ({ $component_ref: id });
  const retry = { max_attempts: 3, request_timeout: 30, initial_retry_delay: 1, max_retry_delay: 8, backoff_factor: 2, jitter: 'full_and_equal_for_throttle' };
  const io = { inputs: [prop('text')], outputs: [prop('text')], branches: ['next'] };
  const referenced: Record<string, unknown> = {
    llm: { component_type: 'LlmConfig', id: 'llm', name: 'llm', description: null, metadata: {}, model_id: 'model', provider: 'openai', api_provider: 'openai', api_type: 'chat_completions', url: 'http://127.0.0.1:8000', retry_policy: retry },
    guarded: {
      component_type: 'Flow', id: 'guarded', name: 'guarded', description: null, metadata: {},
      inputs: [prop('text')], outputs: [prop('text', { default: '' })],
      start_node: { component_type: 'StartNode', id: 'guarded_start', name: 'guarded_start', inputs: [prop('text')], outputs: [prop('text')], branches: ['next'] },
      nodes: [ref('guarded_start'), { component_type: 'EndNode', id: 'guarded_end', name: 'guarded_end', inputs: [prop('text', { default: '' })], outputs: [prop('text', { default: '' })], branches: [], branch_name: 'next' }],
      control_flow_connections: [{ component_type: 'ControlFlowEdge', id: 'g_c', name: 'g_c', from_node: ref('guarded_start'), from_branch: null, to_node: ref('guarded_end') }],
      data_flow_connections: [{ component_type: 'DataFlowEdge', id: 'g_d', name: 'g_d', source_node: ref('guarded_start'), source_output: 'text', destination_node: ref('guarded_end'), destination_input: 'text' }],
    },
  };
  const ids: string[] = ['start'];
  referenced.start = { component_type: 'StartNode', id: 'start', name: 'start', description: null, metadata: {}, ...io };
  for (let i = 1; i <= Math.max(0, n - 2); i++) {
    const id = `node_${i}`;
    ids.push(id);
    const base = { id, name: id, description: null, metadata: {} };
    switch (i % 4) {
      case 1:
        referenced[id] = { component_type: 'LlmNode', ...base, ...io, llm_config: ref('llm'), prompt_template: 'Rewrite: {{text}}' };
        break;
      case 2:
        referenced[id] = {
          component_type: 'ToolNode', ...base, ...io,
          tool: { component_type: 'BuiltinTool', id: `tool_${i}`, name: `tool_${i}`, description: 'Transforms text', metadata: {}, inputs: [prop('text')], outputs: [prop('text')], requires_confirmation: false, tool_type: 'text_transform', configuration: { mode: 'rewrite' }, executor_name: 'builtin', tool_version: '1' },
        };
        break;
      case 3:
        referenced[id] = {
          component_type: 'CatchExceptionNode', ...base, inputs: [prop('text')],
          outputs: [prop('text', { default: '' }), { title: 'caught_exception_info', anyOf: [{ type: 'string' }, { type: 'null' }], default: null }],
          branches: ['next', 'caught_exception_branch'], subflow: ref('guarded'),
        };
        break;
      default:
        referenced[id] = {
          component_type: 'ApiNode', ...base, ...io, url: 'https://api.example.com/v1/texts/{{text}}', http_method: 'GET', api_spec_uri: null,
          data: {}, query_params: {}, headers: {}, url_allow_list: ['https://api.example.com/v1/'], retry_policy: retry,
        };
    }
  }
  if (n < 5) delete referenced.guarded; // no CatchExceptionNode holds it
  if (n < 3) delete referenced.llm;
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
    $referenced_components: referenced, agentspec_version: '26.3.1',
  };
}

/** The ServerTools of a chain flow of `n` nodes (`tool_1` …): each returns its `text`. */
export function chainFlowTools(n: number): ToolRegistry {
  const tools: Record<string, (args: Record<string, unknown>) => unknown> = {};
  for (let i = 1; i <= n; i++) tools[`tool_${i}`] = ({ text }) => text;
  return tools;
}
