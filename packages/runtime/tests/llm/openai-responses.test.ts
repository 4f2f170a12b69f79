import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { openAiChatBackend, type LlmRequest } from '../../src/index.js';

// The reference runtime's LLM client over the Responses API (api_type: responses), against the scripted server.
const config = { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:9', api_type: 'responses' } as unknown as LlmConfig;
const tools = [{ name: 'add', description: 'Adds.', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } }];
let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { endpoint: 'responses', lastToolResult: { tool: 'add' } }, answer: { text: '2 + 3 = 5', usage: { promptTokens: 7, completionTokens: 4 } } },
      { match: { endpoint: 'responses', lastUserMessage: 'add 2 and 3' }, answer: { text: 'Adding.', toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 }, id: 'call_1' }] } },
      { match: { endpoint: 'responses', lastUserMessage: 'json' }, answer: { structured: { city: 'Lyon' } } },
    ],
  });
});
afterAll(() => llm.close());

const request = (r: Partial<LlmRequest>): LlmRequest => ({ config, messages: [], params: {}, ...r });

describe('the reference LLM client over the Responses API', () => {
  const backend = () => openAiChatBackend({ override: { url: llm.url } });

  it('sends the conversation as input items (tool calls as function_call, results as function_call_output) and reads calls, text and usage', async () => {
    llm.clear();
    const first = await backend().generate(request({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'add 2 and 3' }], tools, params: { temperature: 0.2, maxTokens: 50, extra: { seed: 7 } } }));
    expect(first).toMatchObject({ text: 'Adding.', toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":2,"b":3}' }] });
    const second = await backend().generate(request({
      messages: [
        { role: 'system', content: 'Be brief.' }, { role: 'user', content: 'add 2 and 3' },
        { role: 'assistant', content: 'Adding.', toolCalls: first.toolCalls }, { role: 'tool', content: '5', toolCallId: 'call_1' },
      ],
      tools, params: {},
    }));
    expect(second).toEqual({ text: '2 + 3 = 5', toolCalls: [], usage: { promptTokens: 7, completionTokens: 4 } });
    const [a, b] = llm.requests;
    expect(a).toMatchObject({ endpoint: 'responses', systemPrompt: 'Be brief.', tools: [{ type: 'function', name: 'add', parameters: tools[0]!.parameters }], parameters: { temperature: 0.2, maxTokens: 50, extra: { seed: 7 } } });
    expect(b?.messages.map((m) => [m.role, m.content, m.toolCalls?.map((c) => c.name)])).toEqual([
      ['system', 'Be brief.', undefined], ['user', 'add 2 and 3', undefined], ['assistant', 'Adding.', ['add']], ['tool', '5', undefined],
    ]);
  });

  it('asks for structured output as text.format, and streams text deltas', async () => {
    llm.clear();
    const deltas: string[] = [];
    const r = await backend().generate(request({ messages: [{ role: 'user', content: 'json' }], outputSchema: { name: 'out', schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }, onDelta: (d) => deltas.push(d) }));
    expect(r.text).toBe('{"city":"Lyon"}');
    expect(deltas.join('')).toBe('{"city":"Lyon"}');
    expect(llm.requests[0]).toMatchObject({ stream: true, responseFormat: { type: 'json_schema', name: 'out', schema: { required: ['city'] } } });
  });

  it('reports an HTTP error of the Responses endpoint as a coded error', async () => {
    await expect(backend().generate(request({ messages: [{ role: 'user', content: 'nothing scripted' }] }))).rejects.toMatchObject({ code: 'AS_LLM_HTTP' });
  });
});
