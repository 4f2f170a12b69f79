import { agent as buildAgent, clientTool, deserialize, openAiCompatibleConfig, serverTool, type Agent } from '@agentspec/core';
import { referenceRuntime, type RuntimeEvent, type Session, type TraceEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSdkRuntime, AI_SDK_RUNTIME_NAME } from '../src/index.js';

let llm: ScriptedLlm;
let explodeOnce = true;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'flaky' } }, answer: { text: 'Flaky worked.' } },
      { match: { lastUserMessage: 'Try flaky' }, answer: { toolCalls: [{ name: 'flaky', arguments: {} }] } },
      { match: { lastToolResult: { tool: 'pick_file' } }, answer: { text: 'Both done.' } },
      { match: { lastUserMessage: 'Both' }, answer: { toolCalls: [{ name: 'pick_file', arguments: { pattern: '*.md' } }, { name: 'flaky', arguments: {} }] } },
      { match: { lastUserMessage: 'Native please' }, answer: { structured: { capital: 'Paris' } } },
      { match: { lastUserMessage: 'Stream me' }, answer: { text: 'one two three' } },
      { match: { lastUserMessage: 'Too slow' }, answer: { delayMs: 1000, text: 'late' } },
      { match: { lastToolResult: { tool: 'slow_tool' } }, answer: { text: 'Slow tool done.' } },
      { match: { lastUserMessage: 'Slow tool' }, answer: { toolCalls: [{ name: 'slow_tool', arguments: {} }] } },
      { match: { lastToolResult: { tool: 'guarded' } }, answer: { text: 'Guarded ran.' } },
      { match: { lastUserMessage: 'Guard' }, answer: { toolCalls: [{ name: 'guarded', arguments: { x: 1 } }] } },
      { match: { lastUserMessage: 'Summarize: a long text' }, answer: { text: 'short' } },
      { match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello.' } },
    ],
  });
});
afterAll(() => llm.close());

const config = openAiCompatibleConfig({ id: 'llm', name: 'scripted', model_id: 'm', url: 'http://127.0.0.1:1' });
const flaky = serverTool({ id: 'flaky', name: 'flaky', description: 'Fails once.' });
const pick = clientTool({ id: 'pick_file', name: 'pick_file', inputs: [{ title: 'pattern', type: 'string' }] });
const tools = { flaky: () => { if (explodeOnce) { explodeOnce = false; throw new Error('boom'); } return 'ok'; } };
const assistant = (extra: Partial<Agent> = {}) => buildAgent({ id: 'a', name: 'Assistant', system_prompt: 'Help.', llm_config: config, tools: [flaky, pick], ...extra });
const load = (extra = {}) => ({ tools, llm: { override: { url: llm.url } }, ...extra });

describe('aiSdkRuntime with an agent', () => {
  it('is named ai-sdk and fails a run whose server tool throws with AS_TOOL_FAILED; running again retries the step', async () => {
    explodeOnce = true;
    const runtime = aiSdkRuntime();
    expect(runtime.name).toBe(AI_SDK_RUNTIME_NAME);
    const session = (await runtime.load(assistant(), load())).start();
    session.appendUserMessage('Try flaky');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_TOOL_FAILED', site: { agent: 'a', tool: 'flaky' } });
    expect(session.messages).toEqual([{ role: 'user', content: 'Try flaky' }]);
    const status = await session.run();
    expect(status).toMatchObject({ type: 'user_input' });
    expect(status.messages.map((m) => [m.role, m.content])).toEqual([['user', 'Try flaky'], ['assistant', ''], ['tool', 'ok'], ['assistant', 'Flaky worked.']]);
  });

  it("runs the sessions of an app at once, each call with its own session's instructions and failed tools", async () => {
    explodeOnce = true;
    const app = await aiSdkRuntime().load(assistant({ system_prompt: 'Help {{user}}.', inputs: [{ title: 'user', type: 'string' }] }), load());
    const [ann, bob, cid] = ['Ann', 'Bob', 'Cid'].map((user) => app.start({ inputs: { user } })) as [Session, Session, Session];
    ann.appendUserMessage('Try flaky');
    bob.appendUserMessage('Hi');
    cid.appendUserMessage('Hi');
    llm.clear();
    const [failed, bobStatus, cidStatus] = await Promise.allSettled([ann.run(), bob.run(), cid.run()]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: 'AS_TOOL_FAILED', site: { agent: 'a', tool: 'flaky' } } });
    expect([bobStatus, cidStatus]).toMatchObject([{ status: 'fulfilled', value: { type: 'user_input' } }, { status: 'fulfilled', value: { type: 'user_input' } }]);
    expect(llm.requests.map((r) => r.systemPrompt).sort()).toEqual(['Help Ann.', 'Help Bob.', 'Help Cid.']);
    // the failure was Ann's only: her session runs again from the failed step
    expect(await ann.run()).toMatchObject({ type: 'user_input', messages: [{ content: 'Try flaky' }, {}, { content: 'ok' }, { content: 'Flaky worked.' }] });
    expect(llm.lastRequest()?.systemPrompt).toBe('Help Ann.');
  });

  it('writes the tokens each LLM call used on its LLM span, as the reference does', async () => {
    const session = (await aiSdkRuntime().load(assistant(), load())).start();
    session.appendUserMessage('Hi');
    const ends: Record<string, unknown>[] = [];
    for await (const e of session.stream()) if (e.type === 'LlmGenerationResponse') ends.push(e.attributes);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ content: 'Hello.', usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) } });
  });

  it('shows tool messages of a turn only once all its calls are answered, in call order (server result before a client one is given)', async () => {
    explodeOnce = false;
    const session = (await aiSdkRuntime().load(assistant(), load())).start();
    session.appendUserMessage('Both');
    const request = await session.run();
    expect(request).toMatchObject({ type: 'tool_request', requests: [{ name: 'pick_file', args: { pattern: '*.md' } }] });
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    if (request.type !== 'tool_request') throw new Error('expected a tool request');
    session.appendToolResults([{ id: request.requests[0]!.id, content: 'README.md' }]);
    const done = await session.run();
    expect(done.messages.map((m) => [m.role, m.content, m.sender])).toEqual([
      ['user', 'Both', undefined], ['assistant', '', 'Assistant'], ['tool', 'README.md', 'pick_file'], ['tool', 'ok', 'flaky'], ['assistant', 'Both done.', 'Assistant'],
    ]);
  });

  it('refuses actions the status does not allow, and saves that do not fit', async () => {
    const app = await aiSdkRuntime().load(assistant(), load());
    const session = app.start();
    expect(() => session.appendToolResults([{ id: 'x', content: 1 }])).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    expect(() => session.decide('x', 'approve')).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    await expect(app.resume({ runtime: 'reference', format: 1 })).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH' });
    const saved = await session.save();
    expect(saved).toMatchObject({ runtime: 'ai-sdk', format: 2, kind: 'agent', component: 'a', state: { history: [] } });
    const other = await aiSdkRuntime().load(assistant({ id: 'b' }), load());
    await expect(other.resume(saved)).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH' });
  });

  it("finishes with the native structured output when asked (structuredOutput: 'native')", async () => {
    const finder = buildAgent({ id: 'f', name: 'f', system_prompt: 'Find capitals.', llm_config: config, outputs: [{ title: 'capital', type: 'string' }] });
    const session = (await aiSdkRuntime({ structuredOutput: 'native' }).load(finder, load())).start();
    session.appendUserMessage('Native please');
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { capital: 'Paris' } });
    expect(llm.lastRequest()!.responseFormat).toMatchObject({ type: 'json_schema' });
  });

  it('fails a text reply with AS_INVALID_STATE when the agent may not ask the user (human_in_the_loop: false)', async () => {
    const spec = deserialize(`component_type: Agent\nid: solo\nname: solo\nsystem_prompt: Help.\nhuman_in_the_loop: false\nllm_config: {component_type: OpenAiCompatibleConfig, id: l, name: l, model_id: m, url: http://x}\nagentspec_version: 25.4.2`);
    const session = (await aiSdkRuntime().load(spec, load())).start();
    session.appendUserMessage('Hi');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
  });

  it('streams the AI SDK token deltas in an LLM span inside the agent span, the status last', async () => {
    const session = (await aiSdkRuntime().load(assistant(), load())).start();
    session.appendUserMessage('Stream me');
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    const trace = events.filter((e): e is TraceEvent => e.type !== 'RunStatus' && e.type !== 'RunError');
    const agentStart = trace.find((e) => e.type === 'AgentExecutionStart')!;
    const llmStart = trace.find((e) => e.type === 'LlmGenerationRequest')!;
    expect(llmStart).toMatchObject({ parentSpanId: agentStart.spanId, name: 'scripted', attributes: { llm_config: 'llm', tools: ['flaky', 'pick_file'] } });
    const deltas = trace.filter((e) => e.type === 'LlmGenerationStreamingChunkReceived');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((e) => e.spanId === llmStart.spanId)).toBe(true);
    expect(deltas.map((e) => e.attributes.content).join('')).toBe('one two three');
    expect(trace.find((e) => e.type === 'LlmGenerationResponse')).toMatchObject({ spanId: llmStart.spanId, attributes: { content: 'one two three' } });
    expect(trace.filter((e) => e.type === 'ConversationMessageAdded').map((e) => (e.attributes.message as { content: string }).content)).toEqual(['Stream me', 'one two three']);
    expect(events.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'user_input' } });
  });

  it('streams a confirmation: the decision, then the tool span, every span closed, spans parented to the agent span', async () => {
    const guarded = serverTool({ id: 'guarded_tool', name: 'guarded', inputs: [{ title: 'x', type: 'integer' }], requires_confirmation: true });
    const session = (await aiSdkRuntime().load(assistant({ tools: [guarded] }), load({ tools: { guarded: () => 'fine' } }))).start();
    session.appendUserMessage('Guard');
    const first: RuntimeEvent[] = [];
    for await (const e of session.stream()) first.push(e);
    const status = first.at(-1);
    if (status?.type !== 'RunStatus' || status.status.type !== 'tool_confirmation') throw new Error('expected a confirmation');
    session.decide(status.status.requests[0]!.id, 'approve');
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    const trace = events.filter((e): e is TraceEvent => e.type !== 'RunStatus' && e.type !== 'RunError');
    expect(trace.map((e) => e.type)).toEqual([
      'AgentExecutionStart', 'ToolConfirmationResponse', 'ToolExecutionRequest', 'ToolExecutionResponse',
      'LlmGenerationRequest', ...trace.filter((e) => e.type === 'LlmGenerationStreamingChunkReceived').map(() => 'LlmGenerationStreamingChunkReceived'), 'LlmGenerationResponse',
      'ConversationMessageAdded', 'ConversationMessageAdded', // the tool message and the reply
    ]);
    const agentSpan = trace[0]!.spanId;
    expect(trace.filter((e) => /Request$/.test(e.type) && e.type !== 'ToolConfirmationRequest').every((e) => e.parentSpanId === agentSpan)).toBe(true);
    expect(trace.find((e) => e.type === 'ToolExecutionRequest')).toMatchObject({ name: 'guarded', attributes: { tool: 'guarded_tool', inputs: { x: 1 } } });
    expect(trace.find((e) => e.type === 'ToolConfirmationResponse')).toMatchObject({ attributes: { decision: 'approve' } });
    const open: string[] = [];
    for (const e of trace) {
      if (/Start$|Request$/.test(e.type)) open.push(e.spanId);
      if (/End$|Response$/.test(e.type) && e.type !== 'ToolConfirmationResponse') expect(open.pop()).toBe(e.spanId);
    }
    expect(open).toEqual([agentSpan]); // the agent waits for the user: its span stays open, as on the reference runtime
    expect(events.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'user_input' } });
  });

  it('ends a stream whose run fails with RunError and its code', async () => {
    const session = (await aiSdkRuntime().load(assistant(), load({ llm: { override: { url: llm.url }, retries: 0 } }))).start();
    session.appendUserMessage('Nothing matches this');
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: 'RunError', error: { code: 'AS_LLM_HTTP' } });
  });

  it('times each LLM request out after llm.timeoutMs (AS_LLM_TIMEOUT, streamed or not), tools not counted', async () => {
    const options = load({ llm: { override: { url: llm.url }, timeoutMs: 200, retries: 0 } });
    const app = await aiSdkRuntime().load(assistant(), options);
    const session = app.start();
    session.appendUserMessage('Too slow');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_LLM_TIMEOUT' });
    const streamed = app.start();
    streamed.appendUserMessage('Too slow');
    const events: RuntimeEvent[] = [];
    for await (const e of streamed.stream()) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: 'RunError', error: { code: 'AS_LLM_TIMEOUT' } });
    const slowTool = serverTool({ id: 'slow_tool', name: 'slow_tool' });
    const slow = (await aiSdkRuntime().load(assistant({ tools: [slowTool] }), { ...options, tools: { slow_tool: () => new Promise((r) => setTimeout(() => r('done'), 400)) } })).start();
    slow.appendUserMessage('Slow tool');
    expect(await slow.run()).toMatchObject({ type: 'user_input' });
  });

  it('stops with AS_CANCELLED when the load signal is aborted', async () => {
    const controller = new AbortController();
    const session = (await aiSdkRuntime().load(assistant(), load({ signal: controller.signal }))).start();
    controller.abort();
    session.appendUserMessage('Hi');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_CANCELLED' });
  });
});

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
  llm_step:
    component_type: LlmNode
    id: llm_step
    name: summarize
    prompt_template: "Summarize: {{text}}"
    llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: model, model_id: m, url: http://unused}
  e: {component_type: EndNode, id: e, name: end, outputs: [{title: summary, type: string}]}
agentspec_version: 25.4.1
`;

describe('aiSdkRuntime with a flow', () => {
  it('runs it on the reference interpreter, the LlmNode through the AI SDK (its token deltas streamed), with the same events as the reference runtime', async () => {
    const collect = async (runtime: ReturnType<typeof aiSdkRuntime>) => {
      const app = await runtime.load(deserialize(FLOW), { llm: { override: { url: llm.url } } });
      const events: RuntimeEvent[] = [];
      for await (const e of app.start({ inputs: { text: 'a long text' } }).stream()) events.push(e);
      return events;
    };
    const ours = await collect(aiSdkRuntime());
    const reference = await collect(referenceRuntime());
    const shape = (events: RuntimeEvent[]) => events.filter((e) => e.type !== 'LlmGenerationStreamingChunkReceived').map((e) => [e.type, 'name' in e ? e.name : '']);
    expect(shape(ours)).toEqual(shape(reference));
    expect(ours.filter((e) => e.type === 'LlmGenerationStreamingChunkReceived').map((e) => (e as TraceEvent).attributes.content).join('')).toBe('short');
    expect(ours.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'finished', outputs: { summary: 'short' } } });
  });

  it('saves flow sessions as ai-sdk envelopes holding the interpreter journal', async () => {
    const app = await aiSdkRuntime().load(deserialize(FLOW), { llm: { override: { url: llm.url } } });
    const session = app.start({ inputs: { text: 'a long text' } });
    const saved = await session.save();
    expect(saved).toMatchObject({ runtime: 'ai-sdk', format: 2, kind: 'flow', state: { journal: [] } });
    const resumed = await app.resume(JSON.parse(JSON.stringify(saved)));
    expect(await resumed.run()).toMatchObject({ type: 'finished', outputs: { summary: 'short' } });
    await expect(app.resume({ ...saved, component: 'other' })).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH' });
    await expect(app.resume({ runtime: 'ai-sdk', format: 1, kind: 'agent' })).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH' });
  });
});
