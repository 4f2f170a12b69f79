import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, clientTool, deserialize, ociClientConfigWithInstancePrincipal, ociGenAiConfig, openAiCompatibleConfig, serverTool, type Agent } from '@agentspec/core';
import type { RuntimeEvent, TraceEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { OPENAI_AGENTS_RUNTIME_NAME, openaiAgentsRuntime } from '../src/index.js';

const llmConfig = openAiCompatibleConfig({ id: 'llm', name: 'scripted', model_id: 'scripted-model', url: 'http://127.0.0.1:1' });
const weather = serverTool({ id: 'get_weather', name: 'get_weather', description: 'Weather.', inputs: [{ title: 'city', type: 'string' }] });
const pick = clientTool({ id: 'pick', name: 'pick_file', description: 'Picks a file.', inputs: [{ title: 'pattern', type: 'string' }] });
const assistant = agent({ id: 'helper', name: 'Helper', system_prompt: 'Help.', llm_config: llmConfig, tools: [weather, pick] });

const FLOW = `
component_type: Flow
id: f
name: summarize flow
start_node: {$component_ref: s}
nodes: [{$component_ref: s}, {$component_ref: llm_step}, {$component_ref: e}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: s}, to_node: {$component_ref: llm_step}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: llm_step}, to_node: {$component_ref: e}}
data_flow_connections:
  - {component_type: DataFlowEdge, id: d1, name: d1, source_node: {$component_ref: s}, source_output: text, destination_node: {$component_ref: llm_step}, destination_input: text}
  - {component_type: DataFlowEdge, id: d2, name: d2, source_node: {$component_ref: llm_step}, source_output: generated_text, destination_node: {$component_ref: e}, destination_input: summary}
$referenced_components:
  s: {component_type: StartNode, id: s, name: start, inputs: [{title: text, type: string}]}
  llm_step: {component_type: LlmNode, id: llm_step, name: summarize, prompt_template: "Summarize: {{text}}", llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: model, model_id: m, url: http://unused}}
  e: {component_type: EndNode, id: e, name: end, outputs: [{title: summary, type: string}]}
agentspec_version: 25.4.1
`;

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'get_weather' } }, answer: { text: 'Sunny in Rome.' } },
      { match: { lastToolResult: { tool: 'pick_file' } }, answer: { text: 'Opened it.' } },
      { match: { lastUserMessage: 'Weather in Rome?' }, answer: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] } },
      { match: { lastUserMessage: 'Pick one' }, answer: { toolCalls: [{ name: 'pick_file', arguments: { pattern: '*.md' } }] } },
      { match: { lastUserMessage: 'Summarize: a long text' }, answer: { text: 'short' } },
      { match: { lastUserMessage: 'Thanks' }, answer: { text: 'You are welcome.' } },
      { match: { lastUserMessage: 'Answer' }, answer: { structured: { answer: 42 } } },
      { match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello.' } },
    ],
  });
});
afterAll(() => llm.close());

const load = (component: Parameters<ReturnType<typeof openaiAgentsRuntime>['load']>[0], runtime = openaiAgentsRuntime()) =>
  runtime.load(component, { llm: { override: { url: llm.url } }, tools: { get_weather: ({ city }) => `sunny in ${String(city)}` } });

const traceOf = (events: RuntimeEvent[]) => events.filter((e): e is TraceEvent => e.type !== 'RunStatus' && e.type !== 'RunError');

describe('openaiAgentsRuntime', () => {
  it('is named openai-agents', () => expect(openaiAgentsRuntime().name).toBe(OPENAI_AGENTS_RUNTIME_NAME));

  it('streams an agent run as a span tree: agent → LLM generations (with deltas) and tool executions, the status last', async () => {
    const app = await load(assistant);
    const session = app.start();
    session.appendUserMessage('Weather in Rome?');
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    const trace = traceOf(events);
    const agentStart = trace.find((e) => e.type === 'AgentExecutionStart')!;
    expect(agentStart).toMatchObject({ name: 'Helper', attributes: { agent: 'helper' } });
    const llmStarts = trace.filter((e) => e.type === 'LlmGenerationRequest');
    expect(llmStarts).toHaveLength(2);
    expect(llmStarts.every((e) => e.parentSpanId === agentStart.spanId)).toBe(true);
    const tool = trace.find((e) => e.type === 'ToolExecutionRequest')!;
    expect(tool).toMatchObject({ name: 'get_weather', parentSpanId: agentStart.spanId });
    expect(trace.find((e) => e.type === 'ToolExecutionResponse')).toMatchObject({ spanId: tool.spanId, attributes: { outputs: 'sunny in Rome' } });
    expect(trace.filter((e) => e.type === 'LlmGenerationStreamingChunkReceived').map((e) => e.attributes.content).join('')).toBe('Sunny in Rome.');
    expect(trace.filter((e) => e.type === 'ConversationMessageAdded')).toHaveLength(4);
    expect(events.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'user_input', messages: [
      { role: 'user', content: 'Weather in Rome?' },
      { role: 'assistant', content: '', sender: 'Helper', toolCalls: [{ name: 'get_weather', args: { city: 'Rome' } }] },
      { role: 'tool', content: 'sunny in Rome', sender: 'get_weather' },
      { role: 'assistant', content: 'Sunny in Rome.', sender: 'Helper' },
    ] } });
    await app.close();
  });

  it('streams a flow: its LLM step goes through the SDK model, with token deltas', async () => {
    const app = await load(deserialize(FLOW));
    const events: RuntimeEvent[] = [];
    for await (const e of app.start({ inputs: { text: 'a long text' } }).stream()) events.push(e);
    const trace = traceOf(events);
    expect(trace.filter((e) => e.type === 'LlmGenerationStreamingChunkReceived').map((e) => e.attributes.content).join('')).toBe('short');
    expect(events.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'finished', outputs: { summary: 'short' } } });
    expect(llm.lastRequest()?.stream).toBe(true);
    await app.close();
  });

  it('resumes a save in another app (as another process would), and keeps user messages given while paused', async () => {
    const first = await load(assistant);
    const session = first.start();
    session.appendUserMessage('Pick one');
    const paused = await session.run();
    expect(paused).toMatchObject({ type: 'tool_request', requests: [{ name: 'pick_file', args: { pattern: '*.md' } }] });
    const saved = JSON.parse(JSON.stringify(await session.save()));
    expect(saved).toMatchObject({ runtime: 'openai-agents', kind: 'agent', component: 'helper' });
    await first.close();

    const second = await load(assistant);
    const resumed = await second.resume(saved);
    resumed.appendUserMessage('Thanks');
    if (paused.type !== 'tool_request') throw new Error('unreachable');
    resumed.appendToolResults([{ id: paused.requests[0]!.id, content: 'README.md' }]);
    const status = await resumed.run();
    expect(status.type).toBe('user_input');
    expect(status.messages.slice(2).map((m) => [m.role, m.content])).toEqual([
      ['tool', 'README.md'], ['assistant', 'Opened it.'], ['user', 'Thanks'], ['assistant', 'You are welcome.'],
    ]);
    await expect(first.resume({ ...saved, component: 'other' })).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH' });
    await second.close();
  });

  it('renders each session\'s instructions from its own inputs (the compiled agents are shared by inputs)', async () => {
    const greeter = agent({
      id: 'greeter', name: 'Greeter', system_prompt: 'Greet {{who}}.', llm_config: llmConfig, tools: [],
      inputs: [{ title: 'who', type: 'string' }],
    });
    const app = await load(greeter);
    llm.clear();
    const sessions = ['Ada', 'Bob', 'Ada'].map((who) => app.start({ inputs: { who } }));
    for (const s of sessions) s.appendUserMessage('Hi');
    const statuses = await Promise.all(sessions.map((s) => s.run()));
    expect(statuses.map((s) => s.type)).toEqual(['user_input', 'user_input', 'user_input']);
    expect(llm.requests.map((r) => r.systemPrompt).sort()).toEqual(['Greet Ada.', 'Greet Ada.', 'Greet Bob.']);
    await app.close();
  });

  it('refuses answers nobody asked for, and runs of a finished session', async () => {
    const app = await load(agent({ id: 'q', name: 'Quiz', system_prompt: 'Answer.', llm_config: llmConfig, outputs: [{ title: 'answer', type: 'integer' }] }), openaiAgentsRuntime({ structuredOutput: 'native' }));
    const session = app.start();
    expect(() => session.appendToolResults([{ id: 'nope', content: 1 }])).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    expect(() => session.decide('nope', 'approve')).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    session.appendUserMessage('Answer');
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { answer: 42 } });
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
    await app.close();
  });

  it('fails a text reply of an agent that may not ask the user (human_in_the_loop: false)', async () => {
    const silent: Agent = { ...agent({ id: 's', name: 'Silent', system_prompt: 'Work.', llm_config: llmConfig }), human_in_the_loop: false };
    const app = await load(silent);
    const session = app.start();
    session.appendUserMessage('Hi');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
    await app.close();
  });

  it('refuses at load an LLM config it cannot reach, and components that are not runnable', async () => {
    const oci = ociGenAiConfig({
      id: 'oci', name: 'oci', model_id: 'm', compartment_id: 'c', serving_mode: 'ON_DEMAND',
      client_config: ociClientConfigWithInstancePrincipal({ id: 'cc', name: 'cc', service_endpoint: 'https://oci.example' }),
    });
    const runtime = openaiAgentsRuntime();
    await expect(runtime.load(agent({ id: 'a', name: 'A', system_prompt: 'x', llm_config: oci }))).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
    await expect(runtime.load(weather)).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
  });
});
