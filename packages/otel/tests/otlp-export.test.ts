import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startOtlpReceiver, startScriptedLlm, type OtlpReceiver, type ScriptedLlm } from '@agentspec/testing';
import { exportTraces, otlpTracesUrl, otlpTracing } from '../src/index.js';
import { QUESTION, runWeather, tree, WEATHER_RULES } from './fixtures.js';

let llm: ScriptedLlm;
let receiver: OtlpReceiver;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: WEATHER_RULES });
});
afterAll(() => llm.close());
afterEach(() => receiver?.close());

const EXPECTED_TREE = [
  'invoke_agent Weather assistant',
  '  chat scripted-model',
  '  execute_tool get_forecast',
  '  chat scripted-model',
];

/** Text of the conversation that must not leave without captureContent. */
const CONTENT = ['concise weather assistant', QUESTION, 'sunny, 21°C', 'Sunny in Zurich.', '"city"'];

describe('a real agent run exported over OTLP/HTTP to a loopback receiver', () => {
  it('live: spans follow the GenAI conventions, one trace, parents as in the run; no content by default', async () => {
    receiver = await startOtlpReceiver();
    const tracing = otlpTracing({ url: receiver.url });
    const trace = await runWeather(llm, [tracing.listener()]);
    expect(await tracing.shutdown()).toBe(4);

    const spans = receiver.spans;
    expect(tree(spans)).toEqual(EXPECTED_TREE);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    expect(receiver.requests.every((r) => r.contentType.startsWith('application/json'))).toBe(true);
    const [agent] = spans.filter((s) => s.parentSpanId === '');
    expect(agent!.resource['service.name']).toBe('agentspec');
    expect(agent!.scope).toBe('@agentspec/otel');
    expect(agent).toMatchObject({
      kind: 1, status: { code: 1 },
      attributes: {
        'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.id': 'weather_agent', 'gen_ai.agent.name': 'Weather assistant',
        'gen_ai.agent.description': 'Answers questions about the weather in a city.', 'gen_ai.conversation.id': trace.id,
        'agentspec.span.kind': 'AgentExecutionSpan', 'agentspec.runtime': 'reference', 'agentspec.status': 'ok',
      },
    });
    const chats = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    for (const chat of chats) {
      expect(chat).toMatchObject({
        kind: 3, parentSpanId: agent!.spanId,
        attributes: {
          'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'scripted-model', 'gen_ai.request.temperature': 0, 'gen_ai.request.max_tokens': 512,
          'gen_ai.usage.input_tokens': expect.any(Number), 'gen_ai.usage.output_tokens': expect.any(Number),
        },
      });
      expect(chat.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    }
    const [tool] = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool');
    expect(tool).toMatchObject({
      parentSpanId: agent!.spanId,
      attributes: { 'gen_ai.tool.name': 'get_forecast', 'gen_ai.tool.type': 'extension', 'gen_ai.tool.description': 'The forecast for a city.', 'gen_ai.tool.call.id': expect.stringMatching(/^call_/) },
    });
    // the agent's messages are events, with roles but no content
    expect(agent!.events.map((e) => e.attributes['agentspec.message.role'])).toEqual(['assistant', 'tool', 'assistant', 'tool']);
    for (const key of ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.system_instructions', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result']) {
      expect(spans.some((s) => key in s.attributes), key).toBe(false);
    }
    const sent = receiver.requests.map((r) => r.body).join('\n');
    for (const text of CONTENT) expect(sent, text).not.toContain(text);
    expect(sent).not.toContain('sk-never-exported');
  });

  it('with captureContent: prompts, answers, tool arguments and results; secrets still masked', async () => {
    receiver = await startOtlpReceiver();
    const trace = await runWeather(llm);
    expect(await exportTraces(trace, { url: receiver.url, captureContent: true })).toBe(4);
    const spans = receiver.spans;
    expect(tree(spans)).toEqual(EXPECTED_TREE);
    const chats = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    const first = chats.find((s) => !String(s.attributes['gen_ai.input.messages']).includes('tool_call_response'));
    const second = chats.find((s) => s !== first);
    expect(JSON.parse(String(first!.attributes['gen_ai.system_instructions']))).toEqual([{ type: 'text', content: expect.stringContaining('You are a concise weather assistant for Ada.') }]);
    expect(JSON.parse(String(first!.attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', parts: [{ type: 'text', content: QUESTION }] }]);
    expect(JSON.parse(String(first!.attributes['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'tool_call', id: expect.stringMatching(/^call_/), name: 'get_forecast', arguments: { city: 'Zurich', api_key: '***' } }], finish_reason: 'tool_call' },
    ]);
    expect(JSON.parse(String(first!.attributes['gen_ai.tool.definitions']))).toEqual([{ type: 'function', name: 'get_forecast' }, { type: 'function', name: 'submit_result' }]);
    expect(String(second!.attributes['gen_ai.input.messages'])).toContain('sunny, 21°C in Zurich');
    const [tool] = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool');
    expect(JSON.parse(String(tool!.attributes['gen_ai.tool.call.arguments']))).toEqual({ city: 'Zurich', api_key: '***' });
    expect(tool!.attributes['gen_ai.tool.call.result']).toBe('sunny, 21°C in Zurich');
    const agent = spans.find((s) => s.parentSpanId === '')!;
    expect(JSON.parse(String(agent.attributes['agentspec.outputs']))).toEqual({ summary: 'Sunny in Zurich.' });
    expect(agent.events[0]!.attributes['agentspec.message.tool_calls']).toContain('get_forecast');
    expect(receiver.requests.map((r) => r.body).join('\n')).not.toContain('sk-never-exported');
  });

  it('with openInference: span kinds, model, token counts, and input/output values only with content', async () => {
    receiver = await startOtlpReceiver();
    const trace = await runWeather(llm);
    await exportTraces(trace, { url: receiver.url, openInference: true });
    const kinds = Object.fromEntries(receiver.spans.map((s) => [s.attributes['agentspec.span.kind'], s.attributes['openinference.span.kind']]));
    expect(kinds).toEqual({ AgentExecutionSpan: 'AGENT', LlmGenerationSpan: 'LLM', ToolExecutionSpan: 'TOOL' });
    const chat = receiver.spans.find((s) => s.attributes['openinference.span.kind'] === 'LLM')!;
    expect(chat.attributes).toMatchObject({ 'llm.model_name': 'scripted-model', 'llm.provider': 'openai', 'session.id': trace.id });
    expect(chat.attributes['llm.token_count.total']).toBe(Number(chat.attributes['llm.token_count.prompt']) + Number(chat.attributes['llm.token_count.completion']));
    expect(receiver.spans.some((s) => 'input.value' in s.attributes || 'output.value' in s.attributes)).toBe(false);
    receiver.spans.length = 0;
    await exportTraces(trace, { url: receiver.url, openInference: true, captureContent: true });
    const tool = receiver.spans.find((s) => s.attributes['openinference.span.kind'] === 'TOOL')!;
    expect(tool.attributes).toMatchObject({ 'tool.name': 'get_forecast', 'input.mime_type': 'application/json', 'output.value': 'sunny, 21°C in Zurich' });
    expect(receiver.spans.find((s) => s.attributes['openinference.span.kind'] === 'LLM')!.attributes['llm.input_messages.0.message.role']).toBe('system');
  });
});

describe('where spans go', () => {
  it('only to the URL given: the OTEL_EXPORTER_OTLP_*ENDPOINT variables are not read; a bare origin gets /v1/traces', async () => {
    receiver = await startOtlpReceiver();
    const other = await startOtlpReceiver();
    const saved = { traces: process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, any: process.env.OTEL_EXPORTER_OTLP_ENDPOINT };
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = other.url;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = other.url.replace('/v1/traces', '');
    try {
      const trace = await runWeather(llm);
      expect(await exportTraces(trace, { url: receiver.url.replace('/v1/traces', '') })).toBe(4);
      expect(receiver.requests.map((r) => r.path)).toEqual(['/v1/traces']);
      expect(other.requests).toEqual([]);
    } finally {
      if (saved.traces === undefined) delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
      else process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = saved.traces;
      if (saved.any === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved.any;
      await other.close();
    }
  });

  it('a collector that is down or refuses the spans is AS_TRACE_EXPORT, naming the URL without its secrets', async () => {
    const trace = await runWeather(llm);
    const down = `http://127.0.0.1:${await closedPort()}/v1/traces?token=s3cret`;
    await expect(exportTraces(trace, { url: down, timeoutMs: 2_000 })).rejects.toMatchObject({
      code: 'AS_TRACE_EXPORT', message: expect.stringContaining(`could not export spans to ${down.replace('s3cret', '***')}`),
    });
    receiver = await startOtlpReceiver();
    receiver.status = 400;
    await expect(exportTraces(trace, { url: receiver.url, timeoutMs: 2_000 })).rejects.toMatchObject({ code: 'AS_TRACE_EXPORT' });
    expect(() => otlpTracesUrl('ftp://collector/v1/traces')).toThrow(/AS_TRACE_EXPORT: not an http\(s\) URL/);
    expect(() => otlpTracesUrl('localhost:4318')).toThrow(/AS_TRACE_EXPORT/);
  });
});
