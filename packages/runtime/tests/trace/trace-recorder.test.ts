import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { referenceRuntime, TraceRecorder, type TraceEvent, type TraceSpan } from '../../src/index.js';
import { FAILING_FLOW, WEATHER, WEATHER_RULES, WEATHER_TOOLS, weatherTrace } from './fixtures.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: WEATHER_RULES });
});
afterAll(() => llm.close());

const byKind = (spans: readonly TraceSpan[], kind: TraceSpan['kind']) => spans.filter((s) => s.kind === kind);

describe('TraceRecorder on the reference runtime', () => {
  it('records an agent run as agent → LLM generation, tool execution, LLM generation, all ok', async () => {
    const trace = await weatherTrace(llm, ['What is the weather in Zurich?']);
    expect(trace).toMatchObject({ format: 'agentspec-trace', version: 1, name: 'Weather assistant', runtime: 'reference' });
    expect(trace.id).toMatch(/^[0-9a-f]{32}$/);
    expect(trace.runs).toMatchObject([{ index: 0, status: 'finished' }]);
    const [agent] = byKind(trace.spans, 'AgentExecutionSpan');
    expect(agent).toMatchObject({ parentId: null, name: 'Weather assistant', componentId: 'weather_agent', status: 'ok', attributes: { inputs: { user_name: 'Ada' } }, endAttributes: { outputs: { summary: 'Sunny in Zurich.' } } });
    const children = trace.spans.filter((s) => s.parentId === agent!.id);
    expect(children.map((s) => [s.kind, s.name, s.componentId, s.status])).toEqual([
      ['LlmGenerationSpan', 'local model', 'local_llm', 'ok'],
      ['ToolExecutionSpan', 'get_forecast', 'get_forecast', 'ok'],
      ['LlmGenerationSpan', 'local model', 'local_llm', 'ok'],
    ]);
    const [firstLlm, tool] = children;
    expect(firstLlm!.endAttributes).toMatchObject({ tool_calls: [{ name: 'get_forecast' }], usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) } });
    expect(tool).toMatchObject({ attributes: { inputs: { city: 'Zurich' } }, endAttributes: { outputs: 'sunny in Zurich' } });
    // the messages the run added belong to the agent span (the first user message was given before it opened)
    expect(agent!.events.map((e) => e.type)).toContain('ConversationMessageAdded');
    expect(trace.events.map((e) => [e.type, e.spanId])).toEqual([['ConversationMessageAdded', 'run']]);
    for (const s of trace.spans) expect(s.end).toBeGreaterThanOrEqual(s.start);
    expect(trace.components).toMatchObject({ weather_agent: { type: 'Agent', name: 'Weather assistant' }, local_llm: { type: 'OpenAiCompatibleConfig', model: 'scripted-model' }, get_forecast: { type: 'ServerTool' } });
  });

  it('closes the spans a paused run left open as paused; the next turn continues them (same ids): one tree, children inside parents', async () => {
    const ended: string[] = [];
    const trace = await weatherTrace(llm, ['Hello', 'What is the weather in Zurich?'], [{ spanEnded: (s) => ended.push(`${s.kind}:${s.status}`) }]);
    expect(trace.runs.map((r) => r.status)).toEqual(['user_input', 'finished']);
    // the first turn's pause ended the agent span as paused (a listener saw it), the second turn ended it ok
    expect(ended).toEqual(['LlmGenerationSpan:ok', 'AgentExecutionSpan:paused', 'LlmGenerationSpan:ok', 'ToolExecutionSpan:ok', 'LlmGenerationSpan:ok', 'AgentExecutionSpan:ok']);
    const [agent] = byKind(trace.spans, 'AgentExecutionSpan');
    expect(trace.spans.filter((s) => s.parentId === null)).toEqual([agent]);
    expect(agent).toMatchObject({ run: 0, status: 'ok', endAttributes: { outputs: { summary: 'Sunny in Zurich.' } } });
    expect(byKind(trace.spans, 'LlmGenerationSpan').map((s) => [s.run, s.status, s.parentId])).toEqual([[0, 'ok', agent!.id], [1, 'ok', agent!.id], [1, 'ok', agent!.id]]);
    expect(byKind(trace.spans, 'ToolExecutionSpan').map((s) => s.run)).toEqual([1]);
    for (const s of trace.spans.filter((x) => x !== agent)) expect(s.start >= agent!.start && s.end <= agent!.end).toBe(true);
  });

  it('links a session resumed from its save to the spans of the run it continues', async () => {
    const runtime = referenceRuntime();
    const app = await runtime.load(WEATHER, { tools: WEATHER_TOOLS, llm: { override: { url: llm.url } } });
    const recorder = new TraceRecorder({ spec: WEATHER });
    const first = app.start({ inputs: { user_name: 'Ada' } });
    first.appendUserMessage('Hello');
    for await (const e of recorder.record(first.stream())) void e;
    const saved = JSON.parse(JSON.stringify(await first.save()));
    const again = await (await runtime.load(WEATHER, { tools: WEATHER_TOOLS, llm: { override: { url: llm.url } } })).resume(saved);
    again.appendUserMessage('What is the weather in Zurich?');
    for await (const e of recorder.record(again.stream())) void e;
    await app.close();
    const trace = recorder.finish();
    const roots = trace.spans.filter((s) => s.parentId === null);
    expect(roots.map((s) => [s.kind, s.status])).toEqual([['AgentExecutionSpan', 'ok']]);
    expect(trace.spans.filter((s) => s.run === 1).every((s) => s.parentId === roots[0]!.id)).toBe(true);
    expect(trace.spans.map((s) => s.id).filter((id) => id.includes('#'))).toEqual([]);
  });

  it('records a failed run: the failing spans are errors with the code, the run an error', async () => {
    const app = await referenceRuntime().load(FAILING_FLOW, { tools: { lookup: () => { throw new Error('the lookup service is down'); } } });
    const recorder = new TraceRecorder({ spec: FAILING_FLOW });
    for await (const e of recorder.record(app.start({ inputs: {} }).stream())) void e;
    const trace = recorder.finish();
    expect(trace.runs).toMatchObject([{ status: 'error', error: { code: 'AS_TOOL_FAILED' } }]);
    const failed = trace.spans.filter((s) => s.status === 'error');
    expect(failed.map((s) => s.kind)).toEqual(['FlowExecutionSpan', 'NodeExecutionSpan', 'ToolExecutionSpan']);
    expect(failed.at(-1)!.error).toMatchObject({ code: 'AS_TOOL_FAILED', message: expect.stringContaining('the lookup service is down') });
    expect(failed.at(-1)!.events.map((e) => e.type)).toEqual(['ExceptionRaised']);
    expect(trace.spans.filter((s) => s.kind === 'NodeExecutionSpan').map((s) => [s.name, s.status])).toEqual([['start', 'ok'], ['lookup', 'error']]);
  });

  it('run(session) runs once as stream(), recorded: the status, or the run\'s error thrown with its code', async () => {
    const ok = await referenceRuntime().load(WEATHER, { tools: WEATHER_TOOLS, llm: { override: { url: llm.url } } });
    const recorder = new TraceRecorder({ spec: WEATHER });
    const session = ok.start();
    session.appendUserMessage('Hello');
    const status = await recorder.run(session);
    expect(status.type).toBe('user_input');
    expect(recorder.finish().runs).toMatchObject([{ status: 'user_input' }]);
    const failing = await referenceRuntime().load(FAILING_FLOW, { tools: { lookup: () => { throw new Error('down'); } } });
    const failed = new TraceRecorder({ spec: FAILING_FLOW });
    await expect(failed.run(failing.start({ inputs: {} }))).rejects.toMatchObject({ code: 'AS_TOOL_FAILED', message: expect.stringContaining('down') });
    expect(failed.finish().runs).toMatchObject([{ status: 'error', error: { code: 'AS_TOOL_FAILED' } }]);
  });

  it('tells listeners of spans and events as they come, children ending before parents', async () => {
    const app = await referenceRuntime().load(WEATHER, { tools: { get_forecast: () => 'rain' }, llm: { override: { url: llm.url } } });
    const seen: string[] = [];
    const recorder = new TraceRecorder({
      listeners: [
        { spanStarted: (s) => seen.push(`+${s.kind}`), spanEnded: (s) => seen.push(`-${s.kind}:${s.status}`), runEnded: (r) => seen.push(`run:${r.status}`) },
        { spanStarted: () => { throw new Error('a broken listener'); } },
      ],
    });
    const session = app.start({});
    session.appendUserMessage('What is the weather in Zurich?');
    for await (const e of recorder.record(session.stream())) void e;
    await app.close();
    expect(seen).toEqual([
      '+AgentExecutionSpan', '+LlmGenerationSpan', '-LlmGenerationSpan:ok', '+ToolExecutionSpan', '-ToolExecutionSpan:ok',
      '+LlmGenerationSpan', '-LlmGenerationSpan:ok', '-AgentExecutionSpan:ok', 'run:finished',
    ]);
  });
});

describe('TraceRecorder is robust to what runtimes emit', () => {
  let t = 1_000_000_000;
  const ev = (type: TraceEvent['type'], spanId: string, name: string, attributes: Record<string, unknown> = {}, parentSpanId?: string): TraceEvent =>
    ({ type, spanId, name, attributes, timestamp: (t += 1_000_000), ...(parentSpanId ? { parentSpanId } : {}) });

  it('closes spans never ended (unset at finish, paused at a pause), continues a span a later run starts again, opens a new span for a reused id, makes roots of unknown parents', () => {
    const recorder = new TraceRecorder({ name: 'hand-made', now: () => t });
    recorder.add(ev('AgentExecutionStart', 'a', 'agent', { agent: 'ag' }));
    recorder.add(ev('LlmGenerationRequest', 'l', 'llm', { llm_config: 'cfg' }, 'a'));
    recorder.add({ type: 'RunStatus', status: { type: 'user_input', messages: [] } });
    // the second run starts the paused spans again under their ids: it continues them
    recorder.add(ev('AgentExecutionStart', 'a', 'agent', { agent: 'ag' }));
    recorder.add(ev('LlmGenerationRequest', 'l', 'llm', {}, 'a'));
    recorder.add(ev('LlmGenerationResponse', 'l', 'llm', { content: 'hi' }, 'a'));
    // an id used again after its span ended ok is a new span
    recorder.add(ev('LlmGenerationRequest', 'l', 'llm', {}, 'a'));
    recorder.add(ev('ToolExecutionRequest', 'x', 'tool', { tool: 'tl' }, 'never-opened'));
    recorder.add(ev('NodeExecutionEnd', 'ghost', 'node'));
    recorder.add(ev('ConversationMessageAdded', 'elsewhere', 'user', { message: { role: 'user', content: 'hey' } }));
    const trace = recorder.finish();
    expect(trace.spans.map((s) => [s.id, s.parentId, s.status, s.run])).toEqual([
      ['a', null, 'unset', 0], ['l', 'a', 'ok', 0], ['l#2', 'a', 'unset', 1], ['x', null, 'unset', 1],
    ]);
    expect(trace.runs.map((r) => r.status)).toEqual(['user_input', 'incomplete']);
    expect(trace.events.map((e) => [e.type, e.spanId])).toEqual([['NodeExecutionEnd', 'ghost'], ['ConversationMessageAdded', 'elsewhere']]);
    expect(trace.spans.find((s) => s.id === 'l')!.endAttributes).toEqual({ content: 'hi' });
    expect(trace.spans.find((s) => s.id === 'l')!.attributes).toEqual({ llm_config: 'cfg' });
  });

  it('takes a start of a span still open as that span, ends a failed run\'s open spans with its error, and a span\'s open children with it', () => {
    const recorder = new TraceRecorder({ now: () => t });
    recorder.add(ev('FlowExecutionStart', 'f', 'flow', { flow: 'fl' }));
    recorder.add(ev('AgentExecutionStart', 'a', 'agent', { agent: 'ag' }, 'f'));
    recorder.add(ev('AgentExecutionStart', 'a', 'agent', { agent: 'ag' }, 'f')); // another task of the same agent
    recorder.add(ev('LlmGenerationRequest', 'l', 'llm', {}, 'a'));
    recorder.add(ev('AgentExecutionEnd', 'a', 'agent', {}, 'f')); // the LLM span was left open: it ends inside the agent
    recorder.add(ev('NodeExecutionStart', 'n', 'node', { node: 'nd' }, 'f'));
    recorder.add({ type: 'RunError', error: { code: 'AS_TOOL_FAILED', message: 'down' } });
    const trace = recorder.finish();
    expect(trace.spans.map((s) => [s.id, s.parentId, s.status, s.error?.code ?? null])).toEqual([
      ['f', null, 'error', 'AS_TOOL_FAILED'], ['a', 'f', 'ok', null], ['l', 'a', 'unset', null], ['n', 'f', 'error', 'AS_TOOL_FAILED'],
    ]);
    const [, agent, llm] = trace.spans;
    expect(llm!.end).toBeLessThanOrEqual(agent!.end);
  });

  it('never keeps a secret: sensitive keys are masked, URL secrets hidden', () => {
    const recorder = new TraceRecorder();
    recorder.add(ev('ToolExecutionRequest', 'r', 'remote', { tool: 'r', inputs: { q: 'x', api_key: 'sk-123', nested: { password: 'p', client_secret: 's' } }, url: 'https://u:pw@api.test/x?token=abc&page=2' }));
    recorder.add(ev('ExceptionRaised', 'r', 'remote', { code: 'AS_HTTP_STATUS', message: 'GET https://api.test/x?api_key=sk-123 answered 500' }));
    const [span] = recorder.finish().spans;
    expect(span!.attributes).toEqual({ tool: 'r', inputs: { q: 'x', api_key: '***', nested: { password: '***', client_secret: '***' } }, url: 'https://u:***@api.test/x?token=***&page=2' });
    expect(span!.error).toEqual({ code: 'AS_HTTP_STATUS', message: 'GET https://api.test/x?api_key=*** answered 500' });
    expect(JSON.stringify(span)).not.toContain('sk-123');
  });
});
