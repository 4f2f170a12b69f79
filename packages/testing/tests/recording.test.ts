import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm } from '../src/index.js';
import type { RecordedRequest, ScriptedLlm } from '../src/index.js';
import { client, post, weatherTool } from './helpers.js';

let llm: ScriptedLlm;
const seen: RecordedRequest[] = [];
beforeAll(async () => {
  llm = await startScriptedLlm({
    rules: [{ name: 'weather', match: { toolOffered: 'get_weather' }, answer: { text: 'ok' } }],
    onRequest: (request) => seen.push(request),
  });
});
afterAll(() => llm.close());

describe('recorded chat requests', () => {
  it('keep endpoint, model, normalized messages, tools, tool_choice, format, parameters, stream, body and rule', async () => {
    const body = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Part one' }, { type: 'image_url', image_url: { url: 'data:,' } }, { type: 'text', text: 'part two' }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'hot' },
      ],
      tools: [weatherTool],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      response_format: { type: 'json_object' },
      temperature: 0.3,
      top_p: 0.9,
      max_completion_tokens: 256,
      seed: 7,
      parallel_tool_calls: false,
      stream: true,
      stream_options: { include_usage: true },
    };
    await post(llm, '/chat/completions', body);
    const r = llm.lastRequest();
    expect(r).toMatchObject({
      index: 0,
      endpoint: 'chat.completions',
      path: '/v1/chat/completions',
      model: 'gpt-4o',
      systemPrompt: 'Be brief.',
      toolChoice: { type: 'function', function: { name: 'get_weather' } },
      responseFormat: { type: 'json_object' },
      parameters: { temperature: 0.3, topP: 0.9, maxTokens: 256, extra: { seed: 7, parallel_tool_calls: false } },
      stream: true,
      includeUsage: true,
      body,
      rule: { index: 0, name: 'weather' },
    });
    expect(r?.headers.authorization).toBe('Bearer test-key');
    expect(r?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Part one\npart two' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Rome"}' }] },
      { role: 'tool', content: 'hot', name: 'get_weather', toolCallId: 'c1' },
    ]);
    expect(r?.tools).toEqual([{ type: 'function', name: 'get_weather', description: 'Weather in a city', parameters: weatherTool.function.parameters }]);
  });

  it('normalize max_tokens too', async () => {
    await post(llm, '/chat/completions', { model: 'm', messages: [], max_tokens: 12 });
    expect(llm.lastRequest()?.parameters).toEqual({ maxTokens: 12, extra: {} });
    expect(llm.lastRequest()?.stream).toBe(false);
  });
});

describe('recorded responses requests', () => {
  it('normalize instructions and input items into the same message list', async () => {
    await client(llm).responses.create({
      model: 'gpt-4.1',
      instructions: 'Be kind.',
      input: [
        { role: 'developer', content: 'Use metric units.' },
        { role: 'user', content: [{ type: 'input_text', text: 'Weather?' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }], id: 'msg_1', status: 'completed' },
        { type: 'function_call', call_id: 'c9', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c9', output: 'cold' },
      ],
      tools: [{ type: 'function', name: 'get_weather', description: 'Weather', parameters: { type: 'object' }, strict: false }, { type: 'web_search' }],
      tool_choice: 'required',
      text: { format: { type: 'json_schema', name: 'w', schema: { type: 'object' } } },
      max_output_tokens: 99,
      reasoning: { effort: 'low' },
    });
    const r = llm.lastRequest();
    expect(r?.endpoint).toBe('responses');
    expect(r?.systemPrompt).toBe('Be kind.\n\nUse metric units.');
    expect(r?.messages).toEqual([
      { role: 'system', content: 'Be kind.' },
      { role: 'developer', content: 'Use metric units.' },
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: 'Checking.', toolCalls: [{ id: 'c9', name: 'get_weather', arguments: '{}' }] },
      { role: 'tool', content: 'cold', name: 'get_weather', toolCallId: 'c9' },
    ]);
    expect(r?.tools).toEqual([
      { type: 'function', name: 'get_weather', description: 'Weather', parameters: { type: 'object' }, strict: false },
      { type: 'web_search', name: 'web_search' },
    ]);
    expect(r?.toolChoice).toBe('required');
    expect(r?.responseFormat).toEqual({ type: 'json_schema', name: 'w', schema: { type: 'object' } });
    expect(r?.parameters).toEqual({ maxTokens: 99, extra: { reasoning: { effort: 'low' } } });
    expect(r?.rule).toMatchObject({ name: 'weather' });
  });
});

describe('helpers', () => {
  it('requests lists every request in order, lastRequest the newest, clear() forgets them', async () => {
    llm.clear();
    expect(llm.requests).toEqual([]);
    expect(llm.lastRequest()).toBeUndefined();
    await post(llm, '/chat/completions', { model: 'a', messages: [] });
    await post(llm, '/responses', { model: 'b', input: 'x' });
    expect(llm.requests.map((r) => [r.index, r.model, r.rule])).toEqual([[0, 'a', null], [1, 'b', null]]);
    expect(llm.lastRequest()?.model).toBe('b');
    expect(seen.at(-1)).toBe(llm.lastRequest());
    llm.clear();
    expect(llm.requests).toHaveLength(0);
  });
});
