import { readFileSync } from 'node:fs';
import { deserialize, type Component } from '@agentspec/core';
import type { Rule } from '@agentspec/testing';

/** A conformance case's spec. */
export function caseSpec(id: string): Component {
  return deserialize(readFileSync(new URL(`../../../conformance/cases/${id}/spec.yaml`, import.meta.url), 'utf8'));
}

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

/** An agent with a client tool and a tool that needs confirmation. */
export const FILES_AGENT = `
component_type: Agent
id: files_agent
name: Files agent
system_prompt: Help {{user}} with files.
inputs: [{title: user, type: string, default: you}]
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: files-model, url: "http://127.0.0.1:9", default_generation_parameters: {temperature: 0.1}}
tools:
  - {component_type: ClientTool, id: pick_file, name: pick_file, description: Pick a file on the user's machine, inputs: [{title: pattern, type: string, description: a glob}]}
  - {component_type: ServerTool, id: deploy, name: deploy, description: Deploy a file, requires_confirmation: true, inputs: [{title: path, type: string}]}
agentspec_version: 25.4.2
`;

/** The scripted LLM of FILES_AGENT: it asks for a file, deploys it, and says so. */
export const FILES_AGENT_RULES: readonly Rule[] = [
  { match: { lastToolResult: { tool: 'deploy' } }, answer: { text: 'Deployed.' } },
  { match: { lastToolResult: { tool: 'pick_file' } }, answer: { toolCalls: [{ name: 'deploy', arguments: { path: 'notes.md' } }] } },
  { match: { lastUserMessage: 'Deploy my notes' }, answer: { toolCalls: [{ name: 'pick_file', arguments: { pattern: 'notes*' } }] } },
];

/**
 * A flow whose cycle (incA → checkA → incB → checkB → incA) is entered in the
 * middle from two places: no Mastra .then/.branch/.dountil nesting expresses it.
 */
export const IRREDUCIBLE_FLOW = `
component_type: Flow
id: ping_pong
name: ping pong
start_node: {$component_ref: start}
nodes:
  - {$component_ref: start}
  - {$component_ref: route}
  - {$component_ref: incA}
  - {$component_ref: checkA}
  - {$component_ref: incB}
  - {$component_ref: checkB}
  - {$component_ref: end}
control_flow_connections:
  - {component_type: ControlFlowEdge, id: e1, name: e1, from_node: {$component_ref: start}, to_node: {$component_ref: route}}
  - {component_type: ControlFlowEdge, id: e2, name: e2, from_node: {$component_ref: route}, from_branch: a, to_node: {$component_ref: incA}}
  - {component_type: ControlFlowEdge, id: e3, name: e3, from_node: {$component_ref: route}, from_branch: default, to_node: {$component_ref: incB}}
  - {component_type: ControlFlowEdge, id: e4, name: e4, from_node: {$component_ref: incA}, to_node: {$component_ref: checkA}}
  - {component_type: ControlFlowEdge, id: e5, name: e5, from_node: {$component_ref: checkA}, from_branch: default, to_node: {$component_ref: incB}}
  - {component_type: ControlFlowEdge, id: e6, name: e6, from_node: {$component_ref: checkA}, from_branch: done, to_node: {$component_ref: end}}
  - {component_type: ControlFlowEdge, id: e7, name: e7, from_node: {$component_ref: incB}, to_node: {$component_ref: checkB}}
  - {component_type: ControlFlowEdge, id: e8, name: e8, from_node: {$component_ref: checkB}, from_branch: default, to_node: {$component_ref: incA}}
  - {component_type: ControlFlowEdge, id: e9, name: e9, from_node: {$component_ref: checkB}, from_branch: done, to_node: {$component_ref: end}}
data_flow_connections: null
$referenced_components:
  start: {component_type: StartNode, id: start, name: start, inputs: [{title: n, type: integer}]}
  route: {component_type: BranchingNode, id: route, name: route, inputs: [{title: n, type: integer}], mapping: {"0": a}}
  incA:
    component_type: ToolNode
    id: incA
    name: increment A
    tool: {component_type: ServerTool, id: increment, name: increment, inputs: [{title: n, type: integer}], outputs: [{title: n, type: integer}]}
  checkA: {component_type: BranchingNode, id: checkA, name: check A, inputs: [{title: n, type: integer}], mapping: {"3": done}}
  incB:
    component_type: ToolNode
    id: incB
    name: increment B
    tool: {$component_ref: increment}
  checkB: {component_type: BranchingNode, id: checkB, name: check B, inputs: [{title: n, type: integer}], mapping: {"3": done}}
  end: {component_type: EndNode, id: end, name: end, outputs: [{title: n, type: integer}]}
agentspec_version: 25.4.1
`;

export const INCREMENT = { increment: ({ n }: Record<string, unknown>) => Number(n) + 1 };
