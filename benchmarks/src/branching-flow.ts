const prop = (title: string) => ({ title, type: 'string' });
const ref = (id: string) => ({ $component_ref: id });

/** The LLM config both flows use (an instant model stands in for it) and their StartNode (a string `text`). */
function llmAndStart(): Record<string, unknown> {
  return {
    llm: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'instant', url: 'http://127.0.0.1:9' },
    start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: [prop('text')] },
  };
}

/**
 * A flow of `stages` stages routing on LLM answers, as a plain Agent Spec
 * document: per stage an LlmNode classifies the text (`Stage i, classify:
 * {{text}}`, output `label`), a BranchingNode routes on the label (`yes`,
 * `no`; anything else to `default`, which goes where `no` goes), and one of
 * two LlmNodes rewrites the text (`Expand: …` or `Shorten: …`) before the
 * next stage; data by name (no data edges). StartNode and EndNode take and
 * give `text`.
 */
export function branchingFlowDocument(stages: number): Record<string, unknown> {
  const referenced: Record<string, unknown> = {
    ...llmAndStart(),
    end: { component_type: 'EndNode', id: 'end', name: 'end', outputs: [prop('text')] },
  };
  const nodes = ['start'];
  const edges: [string, string, string | null][] = [];
  let previous = 'start';
  for (let i = 1; i <= stages; i++) {
    const [ask, branch, yes, no] = [`classify_${i}`, `branch_${i}`, `expand_${i}`, `shorten_${i}`];
    referenced[ask] = { component_type: 'LlmNode', id: ask, name: ask, llm_config: ref('llm'), prompt_template: `Stage ${i}, classify: {{text}}`, outputs: [prop('label')] };
    referenced[branch] = { component_type: 'BranchingNode', id: branch, name: branch, inputs: [prop('label')], mapping: { yes: 'yes', no: 'no' } };
    referenced[yes] = { component_type: 'LlmNode', id: yes, name: yes, llm_config: ref('llm'), prompt_template: 'Expand: {{text}}', outputs: [prop('text')] };
    referenced[no] = { component_type: 'LlmNode', id: no, name: no, llm_config: ref('llm'), prompt_template: 'Shorten: {{text}}', outputs: [prop('text')] };
    nodes.push(ask, branch, yes, no);
    edges.push([previous, ask, null], [ask, branch, null], [branch, yes, 'yes'], [branch, no, 'no'], [branch, no, 'default']);
    previous = `${yes}|${no}`;
  }
  nodes.push('end');
  const control = edges.concat(stages > 0 ? [] : [['start', 'end', null]]).flatMap(([from, to, branch]) => from.split('|').map((f) => [f, to, branch] as const));
  const last = stages > 0 ? [[`expand_${stages}`, 'end', null], [`shorten_${stages}`, 'end', null]] as const : [];
  return {
    component_type: 'Flow', id: 'branching', name: `${stages} branching stages`, start_node: ref('start'), nodes: nodes.map(ref),
    control_flow_connections: [...control, ...last].map(([from, to, branch], i) => ({ component_type: 'ControlFlowEdge', id: `c_${i}`, name: `c_${i}`, from_node: ref(from), from_branch: branch, to_node: ref(to) })),
    data_flow_connections: null,
    $referenced_components: referenced, agentspec_version: '25.4.1',
  };
}

/**
 * A flow of `n` decisions in a chain (the branching benchmark of
 * langgraph-shapes.ts and mastra-shapes.ts): StartNode (a string `text`),
 * then per decision an LlmNode `decide_i` ("Decide about {{text}}: yes", one
 * string output `choice`) and a BranchingNode `route_i` on it (`yes` → the
 * next decision, the last one's to EndNode `end`; anything else → EndNode
 * `rejected`). An instant model that echoes the prompt's last word takes
 * every `yes` branch.
 */
export function branchingChainDocument(n: number): Record<string, unknown> {
  const referenced: Record<string, unknown> = {
    ...llmAndStart(),
    end: { component_type: 'EndNode', id: 'end', name: 'end', outputs: [prop('choice')] },
    rejected: { component_type: 'EndNode', id: 'rejected', name: 'rejected', outputs: [{ ...prop('choice'), default: 'no' }], branch_name: 'rejected' },
  };
  const control: Record<string, unknown>[] = [];
  const data: Record<string, unknown>[] = [];
  const edge = (from: string, to: string, branch: string | null = null) =>
    control.push({ component_type: 'ControlFlowEdge', id: `c_${control.length}`, name: `c_${control.length}`, from_node: ref(from), from_branch: branch, to_node: ref(to) });
  const flowData = (from: string, output: string, to: string, input: string) =>
    data.push({ component_type: 'DataFlowEdge', id: `d_${data.length}`, name: `d_${data.length}`, source_node: ref(from), source_output: output, destination_node: ref(to), destination_input: input });
  const ids = ['start'];
  let previous = 'start';
  for (let i = 1; i <= n; i++) {
    const decide = `decide_${i}`;
    const route = `route_${i}`;
    referenced[decide] = { component_type: 'LlmNode', id: decide, name: decide, llm_config: ref('llm'), prompt_template: 'Decide about {{text}}: yes', inputs: [prop('text')], outputs: [prop('choice')] };
    referenced[route] = { component_type: 'BranchingNode', id: route, name: route, inputs: [prop('choice')], mapping: { yes: 'yes' } };
    ids.push(decide, route);
    edge(previous, decide, previous === 'start' ? null : 'yes');
    edge(decide, route);
    edge(route, 'rejected', 'default');
    flowData('start', 'text', decide, 'text');
    flowData(decide, 'choice', route, 'choice');
    previous = route;
  }
  edge(previous, 'end', 'yes');
  flowData(`decide_${n}`, 'choice', 'end', 'choice');
  ids.push('end', 'rejected');
  return {
    component_type: 'Flow', id: 'decisions', name: `${n} decisions`, start_node: ref('start'), nodes: ids.map(ref),
    outputs: [prop('choice')],
    control_flow_connections: control, data_flow_connections: data,
    $referenced_components: referenced, agentspec_version: '25.4.1',
  };
}
