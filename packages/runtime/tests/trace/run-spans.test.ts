import { describe, expect, it } from 'vitest';
import { RunSpans, sessionSpanIds, TraceRecorder, type RuntimeEvent, type TraceEvent } from '../../src/index.js';

describe('RunSpans: how every runtime emits its spans', () => {
  it('names spans by position (the same id in every run of the session), nests, ends and fails them', async () => {
    const ids = sessionSpanIds('seed');
    const events: RuntimeEvent[] = [];
    const spans = new RunSpans((e) => events.push(e), ids);
    expect(spans.traced).toBe(true);
    const agent = spans.start('AgentExecutionSpan', 'agent', 'helper', { agent: 'a1' });
    await spans.within('LlmGenerationSpan', 'agent/llm#0', 'model', { llm_config: 'm' }, agent, async () => 'hi', { endAttributes: (r) => ({ content: r }) });
    await expect(spans.within('ToolExecutionSpan', 'agent/tool:c1', 'add', { tool: 't' }, agent, async () => {
      throw Object.assign(new Error('down'), { code: 'AS_TOOL_FAILED' });
    })).rejects.toThrow('down');
    spans.end(agent, { outputs: {} });
    const trace = events as TraceEvent[];
    expect(trace.map((e) => [e.type, e.name, e.spanId === ids(['agent', 'agent/llm#0', 'agent/tool:c1'][['helper', 'model', 'add'].indexOf(e.name)]!), e.parentSpanId === undefined ? null : e.parentSpanId === agent.id])).toEqual([
      ['AgentExecutionStart', 'helper', true, null],
      ['LlmGenerationRequest', 'model', true, true],
      ['LlmGenerationResponse', 'model', true, true],
      ['ToolExecutionRequest', 'add', true, true],
      ['ExceptionRaised', 'add', true, null],
      ['AgentExecutionEnd', 'helper', true, null],
    ]);
    expect(trace[4]!.attributes).toEqual({ code: 'AS_TOOL_FAILED', message: 'down' });
    expect(trace.map((e) => e.timestamp)).toEqual([...trace.map((e) => e.timestamp)].sort((a, b) => a - b));
    expect(new Set(trace.map((e) => e.timestamp)).size).toBe(trace.length);
    expect(ids('agent')).toBe(sessionSpanIds('seed')('agent'));
    expect(ids('agent')).not.toBe(sessionSpanIds('other')('agent'));
  });

  it('leaves a span open on an error `leavesOpen` accepts (a pause); a later run starting it again continues it', async () => {
    const recorder = new TraceRecorder();
    const ids = sessionSpanIds('s');
    const first = new RunSpans((e) => recorder.add(e), ids);
    const pause = new Error('pause');
    await expect(first.within('NodeExecutionSpan', 'flow/ask#0', 'ask', {}, undefined, () => Promise.reject(pause), { leavesOpen: (e) => e === pause })).rejects.toBe(pause);
    recorder.add({ type: 'RunStatus', status: { type: 'user_input', messages: [] } });
    const second = new RunSpans((e) => recorder.add(e), ids);
    await second.within('NodeExecutionSpan', 'flow/ask#0', 'ask', {}, undefined, async () => 'ok');
    recorder.add({ type: 'RunStatus', status: { type: 'finished', outputs: {}, messages: [] } });
    expect(recorder.finish().spans.map((s) => [s.name, s.status, s.run])).toEqual([['ask', 'ok', 0]]);
  });

  it('emits nothing without an emitter (a run() rather than a stream())', async () => {
    const spans = new RunSpans(undefined);
    expect(spans.traced).toBe(false);
    expect(await spans.within('FlowExecutionSpan', 'flow', 'f', {}, undefined, async () => 42)).toBe(42);
  });
});
