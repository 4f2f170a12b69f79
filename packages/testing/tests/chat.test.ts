import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm } from '../src/index.js';
import type { Rule, ScriptedLlm } from '../src/index.js';
import { client, parseSse, post, timeTool, weatherTool } from './helpers.js';
import type { Wire } from './helpers.js';

const weatherSchema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperature: { type: 'number' },
    unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
  },
  required: ['city', 'temperature', 'unit'],
  additionalProperties: false,
};

const rules: Rule[] = [
  { name: 'hello', match: { lastUserMessage: 'Say hello' }, answer: { text: 'Hello there, traveller!' } },
  {
    name: 'two-tools',
    match: { lastUserMessage: { contains: 'weather and time' } },
    answer: {
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { name: 'get_time', arguments: '{"city":"Paris"}', id: 'call_fixed' },
      ],
    },
  },
  { name: 'after-weather', match: { lastToolResult: { tool: 'get_weather', contains: 'sunny' } }, answer: { text: 'It is sunny in Paris.' } },
  {
    name: 'text-and-tool',
    match: { lastUserMessage: 'think then call' },
    answer: { text: 'Let me check.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] },
  },
  {
    name: 'cut',
    match: { lastUserMessage: 'long story' },
    answer: { text: 'Once upon a', finishReason: 'length', usage: { promptTokens: 100, completionTokens: 3 } },
  },
  { name: 'weather-json', match: { lastUserMessage: 'structured please' }, answer: { structured: { city: 'Paris', temperature: 21, unit: 'c' } } },
  { name: 'bad-json', match: { lastUserMessage: 'structured wrong' }, answer: { structured: { city: 'Paris', temperature: 'warm', unit: 'k' } } },
  { name: 'plain-under-schema', match: { lastUserMessage: 'text under schema' }, answer: { text: 'not json at all' } },
];

const schemaFormat = { type: 'json_schema' as const, json_schema: { name: 'weather', schema: weatherSchema, strict: true } };

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm(rules);
});
afterAll(() => llm.close());

describe('POST /v1/chat/completions, not streamed', () => {
  it('answers text with the ids, object, model, finish reason and usage of a chat.completion', async () => {
    const completion = await client(llm).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'system', content: 'You are terse.' }, { role: 'user', content: 'Say hello' }],
    });
    expect(completion.id).toMatch(/^chatcmpl-[A-Za-z0-9]{29}$/);
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gpt-4o-mini');
    expect(Math.abs(completion.created - Date.now() / 1000)).toBeLessThan(5);
    const choice = completion.choices[0];
    expect(choice?.message).toMatchObject({ role: 'assistant', content: 'Hello there, traveller!', refusal: null });
    expect(choice?.message.tool_calls).toBeUndefined();
    expect(choice?.finish_reason).toBe('stop');
    // 3 + 2 prompt words, 3 completion words
    expect(completion.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 });
  });

  it('answers several tool calls in one turn', async () => {
    const completion = await client(llm).chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'What is the weather and time in Paris?' }],
      tools: [weatherTool, timeTool],
    });
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const calls = choice?.message.tool_calls ?? [];
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(calls[0]?.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(calls[1]).toMatchObject({ id: 'call_fixed', function: { name: 'get_time', arguments: '{"city":"Paris"}' } });
  });

  it('matches the result of a tool call, resolving the tool name from the history', async () => {
    const completion = await client(llm).chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny, 21C' },
      ],
      tools: [weatherTool],
    });
    expect(completion.choices[0]?.message.content).toBe('It is sunny in Paris.');
    expect(llm.lastRequest()?.messages.at(-1)).toMatchObject({ role: 'tool', name: 'get_weather', toolCallId: 'call_1' });
  });

  it('answers text together with tool calls', async () => {
    const completion = await client(llm).chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'think then call' }],
      tools: [weatherTool],
    });
    expect(completion.choices[0]?.message.content).toBe('Let me check.');
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: 'get_weather' } });
  });

  it('honours finishReason and usage overrides', async () => {
    const completion = await client(llm).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'long story' }] });
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 3, total_tokens: 103 });
  });
});

describe('POST /v1/chat/completions, streamed', () => {
  it('streams text deltas, a finish chunk, a usage chunk and [DONE]', async () => {
    const res = await post(llm, '/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const events = parseSse(res.text);
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as Wire);
    const ids = new Set(chunks.map((c) => c.id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^chatcmpl-/);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: 'gpt-4o-mini' });
      expect(typeof chunk.created).toBe('number');
    }
    expect(chunks[0]?.choices[0].delta).toEqual({ role: 'assistant', content: '', refusal: null });
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Hello there, traveller!');
    expect(chunks.filter((c) => c.choices[0]?.delta.content).length).toBeGreaterThan(1);
    const finish = chunks.at(-2);
    expect(finish?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(finish?.usage).toBeNull();
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 } });
  });

  it('leaves usage out of the chunks without include_usage', async () => {
    const res = await post(llm, '/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'Say hello' }], stream: true });
    const chunks = parseSse(res.text).slice(0, -1).map((e) => JSON.parse(e.data) as Record<string, unknown>);
    expect(chunks.every((c) => !('usage' in c))).toBe(true);
  });

  it('streams tool calls as deltas with index, id, name, then argument pieces', async () => {
    const res = await post(llm, '/chat/completions', {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'weather and time please' }],
      tools: [weatherTool, timeTool],
      stream: true,
    });
    const chunks = parseSse(res.text).slice(0, -1).map((e) => JSON.parse(e.data) as Wire);
    expect(chunks[0]?.choices[0].delta).toMatchObject({ role: 'assistant', content: null });
    const deltas = chunks.flatMap((c) => (c.choices[0]?.delta.tool_calls ?? []) as Wire[]);
    const starts = deltas.filter((d) => d.id !== undefined);
    expect(starts).toEqual([
      { index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '' } },
      { index: 1, id: 'call_fixed', type: 'function', function: { name: 'get_time', arguments: '' } },
    ]);
    const pieces = deltas.filter((d) => d.id === undefined);
    expect(pieces.every((d) => Object.keys(d).sort().join() === 'function,index' && d.function.name === undefined)).toBe(true);
    expect(pieces.filter((d) => d.index === 0).length).toBeGreaterThan(1);
    const args = (index: number): string => pieces.filter((d) => d.index === index).map((d) => d.function.arguments).join('');
    expect(JSON.parse(args(0))).toEqual({ city: 'Paris' });
    expect(JSON.parse(args(1))).toEqual({ city: 'Paris' });
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe('tool_calls');
  });

  it('is accumulated by the official client into the same completion', async () => {
    const stream = client(llm).chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'think then call' }],
      tools: [weatherTool],
      stream_options: { include_usage: true },
    });
    const completion = await stream.finalChatCompletion();
    expect(completion.choices[0]?.message.content).toBe('Let me check.');
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
    });
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams with the official client create({ stream: true })', async () => {
    const stream = await client(llm).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello there, traveller!');
    expect(usage).toMatchObject({ completion_tokens: 3 });
  });
});

describe('structured output (response_format json_schema)', () => {
  it('returns a structured answer that fits the schema as JSON content', async () => {
    const completion = await client(llm).chat.completions.parse({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'structured please' }],
      response_format: schemaFormat,
    });
    expect(completion.choices[0]?.message.content).toBe('{"city":"Paris","temperature":21,"unit":"c"}');
    expect(completion.choices[0]?.message.parsed).toEqual({ city: 'Paris', temperature: 21, unit: 'c' });
    expect(llm.lastRequest()?.responseFormat).toEqual({ type: 'json_schema', name: 'weather', schema: weatherSchema, strict: true });
  });

  it('answers HTTP 500 naming the rule and the violations when the answer does not fit', async () => {
    const res = await post(llm, '/chat/completions', {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'structured wrong' }],
      response_format: schemaFormat,
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-should-retry')).toBe('false');
    const body = res.json() as { error: { message: string; type: string; code: string } };
    expect(body.error.code).toBe('structured_output_mismatch');
    expect(body.error.message).toContain('"bad-json"');
    expect(body.error.message).toContain('"weather"');
    expect(body.error.message).toContain('/temperature: must be number, got string');
    expect(body.error.message).toContain('/unit: must be one of');
    await expect(
      client(llm).chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'structured wrong' }], response_format: schemaFormat }),
    ).rejects.toMatchObject({ status: 500 });
  });

  it('streams a structured answer as content deltas', async () => {
    const stream = client(llm).chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'structured please' }],
      response_format: schemaFormat,
    });
    const completion = await stream.finalChatCompletion();
    expect(completion.choices[0]?.message.parsed).toEqual({ city: 'Paris', temperature: 21, unit: 'c' });
  });

  it('returns a text answer as it is under a json_schema request', async () => {
    const completion = await client(llm).chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'text under schema' }],
      response_format: schemaFormat,
    });
    expect(completion.choices[0]?.message.content).toBe('not json at all');
  });
});
