/** A flow that pauses three ways: an InputMessageNode, a ClientTool request, a tool confirmation. */
export const PAUSING_FLOW = `
component_type: Flow
id: pausing
name: pausing flow
start_node: {$component_ref: start}
nodes:
  - {$component_ref: start}
  - {$component_ref: ask}
  - {$component_ref: pick}
  - {$component_ref: deploy}
  - {$component_ref: end}
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: start}, to_node: {$component_ref: ask}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: ask}, to_node: {$component_ref: pick}}
  - {component_type: ControlFlowEdge, id: c3, name: c3, from_node: {$component_ref: pick}, to_node: {$component_ref: deploy}}
  - {component_type: ControlFlowEdge, id: c4, name: c4, from_node: {$component_ref: deploy}, to_node: {$component_ref: end}}
data_flow_connections:
  - {component_type: DataFlowEdge, id: d1, name: d1, source_node: {$component_ref: ask}, source_output: user_input, destination_node: {$component_ref: pick}, destination_input: pattern}
  - {component_type: DataFlowEdge, id: d2, name: d2, source_node: {$component_ref: pick}, source_output: path, destination_node: {$component_ref: deploy}, destination_input: path}
  - {component_type: DataFlowEdge, id: d3, name: d3, source_node: {$component_ref: deploy}, source_output: url, destination_node: {$component_ref: end}, destination_input: url}
$referenced_components:
  start: {component_type: StartNode, id: start, name: start}
  ask: {component_type: InputMessageNode, id: ask, name: ask, message: Which files?}
  pick:
    component_type: ToolNode
    id: pick
    name: pick
    tool: {component_type: ClientTool, id: pick_file, name: pick_file, inputs: [{title: pattern, type: string}], outputs: [{title: path, type: string}]}
  deploy:
    component_type: ToolNode
    id: deploy
    name: deploy
    tool: {component_type: ServerTool, id: deploy_tool, name: deploy, requires_confirmation: true, inputs: [{title: path, type: string}], outputs: [{title: url, type: string}]}
  end: {component_type: EndNode, id: end, name: end, outputs: [{title: url, type: string}]}
agentspec_version: 25.4.2
`;

export const DEPLOY = { deploy: ({ path }: Record<string, unknown>) => `https://example.test/${String(path)}` };
