import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, type Component } from '@agentspec/core';
import { loadAdapters } from '@agentspec/adapters';
import { openSessionStore, type SessionStore, type ToolRegistry } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import type { Rule } from '@agentspec/testing';
import { startAgentServer, type AgentServer, type AgentServerOptions, type RuntimeFactory } from '../src/index.js';

const LLM = `
  component_type: OpenAiCompatibleConfig
  id: llm
  name: scripted model
  model_id: scripted-model
  url: http://127.0.0.1:9`;

/** An agent with a server tool and a tool the user must approve. */
export const ASSISTANT = `
component_type: Agent
id: assistant
name: Assistant
description: Answers weather questions and deletes files when allowed.
system_prompt: You help with the weather and with files.
llm_config:${LLM}
tools:
  - component_type: ServerTool
    id: get_forecast
    name: get_forecast
    description: The forecast for a city.
    inputs: [{title: city, type: string}]
    outputs: [{title: forecast, type: string}]
  - component_type: ServerTool
    id: delete_file
    name: delete_file
    description: Deletes a file.
    inputs: [{title: path, type: string}]
    outputs: [{title: result, type: string}]
    requires_confirmation: true
agentspec_version: 25.4.2
`;

/** A flow that asks the user a question, then answers with an LLM. */
export const INTAKE_FLOW = `
component_type: Flow
id: intake
name: Intake
inputs: [{title: topic, type: string, default: "support"}]
outputs: [{title: reply, type: string}]
start_node: {$component_ref: start}
nodes: [{$component_ref: start}, {$component_ref: ask}, {$component_ref: reply}, {$component_ref: end}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: start}, to_node: {$component_ref: ask}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: ask}, to_node: {$component_ref: reply}}
  - {component_type: ControlFlowEdge, id: c3, name: c3, from_node: {$component_ref: reply}, to_node: {$component_ref: end}}
data_flow_connections:
  - {component_type: DataFlowEdge, id: d0, name: d0, source_node: {$component_ref: start}, source_output: topic, destination_node: {$component_ref: ask}, destination_input: topic}
  - {component_type: DataFlowEdge, id: d1, name: d1, source_node: {$component_ref: ask}, source_output: user_input, destination_node: {$component_ref: reply}, destination_input: question}
  - {component_type: DataFlowEdge, id: d2, name: d2, source_node: {$component_ref: reply}, source_output: generated_text, destination_node: {$component_ref: end}, destination_input: reply}
$referenced_components:
  llm:${LLM.replace(/\n {2}/g, '\n    ')}
  start: {component_type: StartNode, id: start, name: start, inputs: [{title: topic, type: string, default: "support"}]}
  ask: {component_type: InputMessageNode, id: ask, name: ask, message: "What is your {{topic}} question?", inputs: [{title: topic, type: string, default: "support"}]}
  reply: {component_type: LlmNode, id: reply, name: reply, llm_config: {$component_ref: llm}, prompt_template: "Answer: {{question}}"}
  end: {component_type: EndNode, id: end, name: end, outputs: [{title: reply, type: string}]}
agentspec_version: 25.4.1
`;

export const TOOLS: ToolRegistry = {
  get_forecast: ({ city }) => ({ forecast: `sunny in ${String(city)}` }),
  delete_file: ({ path }) => ({ result: `deleted ${String(path)}` }),
};

/** The rules the assistant's and the flow's conversations follow. */
export const RULES: Rule[] = [
  { name: 'forecast answer', match: { lastToolResult: { tool: 'get_forecast' } }, answer: { text: 'It is sunny in Paris today.' } },
  { name: 'deleted', match: { lastToolResult: { tool: 'delete_file' } }, answer: { text: 'Done, the file is gone.' } },
  { name: 'map shown', match: { lastToolResult: { tool: 'show_map' } }, answer: { text: 'The map is on your screen.' } },
  { name: 'weather', match: { lastUserMessage: { contains: 'weather' } }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Paris' } }] } },
  { name: 'delete', match: { lastUserMessage: { contains: 'delete' } }, answer: { toolCalls: [{ name: 'delete_file', arguments: { path: '/tmp/a.txt' } }] } },
  { name: 'map', match: { lastUserMessage: { contains: 'map' } }, answer: { toolCalls: [{ name: 'show_map', arguments: { place: 'Paris' } }] } },
  { name: 'loop', match: { lastUserMessage: { contains: 'loop' } }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Oslo' } }] } },
  { name: 'slow', match: { lastUserMessage: { contains: 'slow' } }, answer: { text: 'Finally.', delayMs: 3000 } },
  { name: 'broken', match: { lastUserMessage: { contains: 'broken' } }, answer: { error: { status: 500, message: 'the model is down' } } },
  { name: 'flow answer', match: { lastUserMessage: { contains: 'Answer:' } }, answer: { text: 'Restart the router.' } },
  { name: 'hello', match: { lastUserMessage: { contains: 'hello' } }, answer: { text: 'Hello there, how can I help you today?' } },
];

export function spec(text: string): Component {
  const r = load(text);
  if (!r.component) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.component;
}

/** What a test serves: the scripted LLM, a store in a fresh folder, a server (restartable on the same store). */
export interface Served {
  readonly llm: ScriptedLlm;
  readonly dir: string;
  server: AgentServer;
  store: SessionStore;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function runtimes(names: readonly string[]): Promise<Record<string, RuntimeFactory>> {
  return Object.fromEntries((await loadAdapters(names)).map((a) => [a.name, () => a.runtime()]));
}

export async function serve(component: Component, options: Partial<AgentServerOptions> & { runtimeNames?: readonly string[]; rules?: Rule[]; storeAt?: string } = {}): Promise<Served> {
  const { runtimeNames: names, rules, storeAt, ...rest } = options;
  const llm = await startScriptedLlm(rules ?? RULES);
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-serve-'));
  const factories = rest.runtimes ?? await runtimes(names ?? ['reference']);
  const start = async (): Promise<[AgentServer, SessionStore]> => {
    const store = await openSessionStore(storeAt ?? join(dir, 'sessions.db'));
    const server = await startAgentServer({
      component, runtimes: factories, store, tools: TOOLS, llm: { override: { url: llm.url, apiKey: 'test' }, retries: 0 }, ...rest,
    });
    return [server, store];
  };
  const [server, store] = await start();
  const served: Served = {
    llm, dir, server, store,
    async restart() {
      await served.server.close();
      await served.store.close();
      [served.server, served.store] = await start();
    },
    async close() {
      await served.server.close();
      await served.store.close();
      await llm.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return served;
}

export function authHeaders(token?: string): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}
