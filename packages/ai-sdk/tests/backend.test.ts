import { openAiCompatibleConfig, vllmConfig } from '@agentspec/core';
import { generationParams, toolSpec, type LlmBackend, type LlmRequest } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSdkBackend } from '../src/index.js';

let llm: ScriptedLlm;
let backend: LlmBackend;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'add' } }, answer: { text: 'three' } },
      { match: { lastUserMessage: 'add' }, answer: { text: 'Adding.', toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] } },
      { match: { lastUserMessage: 'broken' }, answer: { malformed: 'tool_arguments', toolCalls: [{ name: 'add', arguments: '{"a": 1,' }] } },
      { match: { lastUserMessage: 'unknown' }, answer: { toolCalls: [{ name: 'nope', arguments: {} }] } },
      { match: { lastUserMessage: 'extract' }, answer: { structured: { name: 'Ada', age: 36 } } },
      { match: { lastUserMessage: 'stream' }, answer: { text: 'a b c' } },
      { match: { lastUserMessage: 'fail' }, answer: { error: { status: 503, message: 'down' } } },
    ],
  });
  backend = aiSdkBackend({ override: { url: llm.url }, retries: 0 });
});
afterAll(() => llm.close());

const config = vllmConfig({ id: 'v', name: 'v', model_id: 'llama', url: 'http://127.0.0.1:1', default_generation_parameters: { temperature: 0, max_tokens: 32 } });
const add = toolSpec({ name: 'add', description: 'Adds.', inputs: [{ title: 'a', type: 'number' }, { title: 'b', type: 'number' }] });
const request = (content: string, extra: Partial<LlmRequest> = {}): LlmRequest => ({
  config, params: generationParams(config), messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content }], tools: [add], ...extra,
});

describe('aiSdkBackend', () => {
  it('returns the text and the tool calls (arguments as JSON text) of one AI SDK step, with usage; nothing runs the tool', async () => {
    const r = await backend.generate(request('add'));
    expect(r).toMatchObject({ text: 'Adding.', toolCalls: [{ name: 'add', arguments: '{"a":1,"b":2}' }], usage: { promptTokens: expect.any(Number) } });
    expect(llm.lastRequest()).toMatchObject({ model: 'llama', systemPrompt: 'Be brief.', parameters: { temperature: 0, maxTokens: 32 }, tools: [{ name: 'add', description: 'Adds.' }] });
  });

  it('hands malformed and unknown calls back as they came, for the interpreter to report', async () => {
    const [broken] = (await backend.generate(request('broken'))).toolCalls;
    expect(broken).toMatchObject({ name: 'add', arguments: expect.stringMatching(/^\{/) });
    expect(() => JSON.parse(broken!.arguments)).toThrow();
    expect((await backend.generate(request('unknown'))).toolCalls).toEqual([{ id: expect.any(String), name: 'nope', arguments: '{}' }]);
  });

  it('sends the conversation with tool calls and results in the reference shapes', async () => {
    const r = await backend.generate(request('add', {
      messages: [
        { role: 'system', content: 'Be brief.' }, { role: 'user', content: 'add' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":1,"b":2}' }] },
        { role: 'tool', content: '3', toolCallId: 'call_1' },
      ],
    }));
    expect(r.text).toBe('three');
    expect(llm.lastRequest()!.messages.slice(2)).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":1,"b":2}' }] },
      { role: 'tool', content: '3', toolCallId: 'call_1', name: 'add' },
    ]);
  });

  it('asks for structured output with the JSON Schema (not strict, as the reference runtime)', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'], additionalProperties: false };
    const r = await backend.generate(request('extract', { tools: [], outputSchema: { name: 'person', schema } }));
    expect(JSON.parse(r.text)).toEqual({ name: 'Ada', age: 36 });
    expect(llm.lastRequest()!.responseFormat).toEqual({ type: 'json_schema', name: 'person', schema, strict: false });
  });

  it('streams the text deltas through onDelta', async () => {
    const deltas: string[] = [];
    const r = await backend.generate(request('stream', { onDelta: (t) => deltas.push(t) }));
    expect(deltas.join('')).toBe('a b c');
    expect(deltas.length).toBeGreaterThan(1);
    expect(r.text).toBe('a b c');
    expect(llm.lastRequest()!.stream).toBe(true);
  });

  it('gives AI SDK failures their codes, streamed or not', async () => {
    await expect(backend.generate(request('fail'))).rejects.toMatchObject({ code: 'AS_LLM_HTTP', site: { llm: 'v' } });
    await expect(backend.generate(request('fail', { onDelta: () => undefined }))).rejects.toMatchObject({ code: 'AS_LLM_HTTP' });
    const unreachable = aiSdkBackend({ retries: 0 });
    const nowhere = openAiCompatibleConfig({ id: 'n', name: 'n', model_id: 'm', url: 'http://127.0.0.1:9' });
    await expect(unreachable.generate({ ...request('x'), config: nowhere, params: {} })).rejects.toMatchObject({ code: 'AS_LLM_HTTP' });
  });
});
