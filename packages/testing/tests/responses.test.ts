import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm } from '../src/index.js';
import type { Rule, ScriptedLlm } from '../src/index.js';
import { client, parseSse, post } from './helpers.js';
import type { Wire } from './helpers.js';

const tools = [
  {
    type: 'function' as const,
    name: 'get_weather',
    description: 'Weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    strict: true,
  },
  { type: 'function' as const, name: 'get_time', parameters: { type: 'object', properties: {} }, strict: false },
];

const answerSchema = {
  type: 'object',
  properties: { answer: { type: 'string' }, confidence: { type: 'number' } },
  required: ['answer', 'confidence'],
  additionalProperties: false,
};

const rules: Rule[] = [
  { name: 'pirate', match: { systemPromptContains: 'pirate', lastUserMessage: 'Hi' }, answer: { text: 'Ahoy, matey!' } },
  { name: 'hi', match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello from the scripted model.' } },
  // before the rule on the user message, which still matches once tool results follow it
  { name: 'after-time', match: { lastToolResult: { tool: 'get_time' } }, answer: { text: 'It is noon in Oslo.' } },
  {
    name: 'tools',
    match: { lastUserMessage: { contains: 'weather and time' }, endpoint: 'responses' },
    answer: {
      text: 'Checking both.',
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Oslo' } },
        { name: 'get_time', arguments: {}, id: 'call_time' },
      ],
    },
  },
  { name: 'json', match: { lastUserMessage: 'json please' }, answer: { structured: { answer: 'yes', confidence: 0.9 } } },
  { name: 'bad-json', match: { lastUserMessage: 'bad json' }, answer: { structured: { answer: 'yes', extra: true } } },
  { name: 'truncated', match: { lastUserMessage: 'too long' }, answer: { text: 'This is cut', finishReason: 'length' } },
];

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm(rules);
});
afterAll(() => llm.close());

describe('POST /v1/responses, not streamed', () => {
  it('answers a message item with output_text, ids, status and usage', async () => {
    const response = await client(llm).responses.create({ model: 'gpt-4.1', input: 'Hi' });
    expect(response.id).toMatch(/^resp_/);
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.model).toBe('gpt-4.1');
    expect(Math.abs(response.created_at - Date.now() / 1000)).toBeLessThan(5);
    expect(response.output).toEqual([
      {
        type: 'message',
        id: expect.stringMatching(/^msg_/),
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Hello from the scripted model.', annotations: [], logprobs: [] }],
      },
    ]);
    expect(response.output_text).toBe('Hello from the scripted model.');
    expect(response.usage).toMatchObject({ input_tokens: 1, output_tokens: 5, total_tokens: 6 });
  });

  it('reads instructions as the system prompt', async () => {
    const response = await client(llm).responses.create({ model: 'gpt-4.1', instructions: 'You are a pirate.', input: 'Hi' });
    expect(response.output_text).toBe('Ahoy, matey!');
    expect(response.instructions).toBe('You are a pirate.');
    expect(llm.lastRequest()?.messages[0]).toEqual({ role: 'system', content: 'You are a pirate.' });
  });

  it('answers several function_call items after a message, and echoes the request settings', async () => {
    const response = await client(llm).responses.create({
      model: 'gpt-4.1',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'weather and time in Oslo' }] }],
      tools,
      temperature: 0.2,
      max_output_tokens: 500,
    });
    expect(response.output.map((item) => item.type)).toEqual(['message', 'function_call', 'function_call']);
    expect(response.output[1]).toEqual({
      type: 'function_call',
      id: expect.stringMatching(/^fc_/),
      call_id: expect.stringMatching(/^call_/),
      name: 'get_weather',
      arguments: '{"city":"Oslo"}',
      status: 'completed',
    });
    expect(response.output[2]).toMatchObject({ call_id: 'call_time', name: 'get_time', arguments: '{}' });
    expect(response).toMatchObject({ temperature: 0.2, max_output_tokens: 500, tools, tool_choice: 'auto' });
  });

  it('matches a function_call_output, resolving the tool from the function_call item', async () => {
    const response = await client(llm).responses.create({
      model: 'gpt-4.1',
      input: [
        { role: 'user', content: 'weather and time in Oslo' },
        { type: 'function_call', call_id: 'call_w', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { type: 'function_call', call_id: 'call_t', name: 'get_time', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_w', output: 'rain' },
        { type: 'function_call_output', call_id: 'call_t', output: '12:00' },
      ],
      tools,
    });
    expect(response.output_text).toBe('It is noon in Oslo.');
    const messages = llm.lastRequest()?.messages ?? [];
    expect(messages[1]?.toolCalls?.map((c) => c.name)).toEqual(['get_weather', 'get_time']);
    expect(messages.slice(2)).toEqual([
      { role: 'tool', content: 'rain', name: 'get_weather', toolCallId: 'call_w' },
      { role: 'tool', content: '12:00', name: 'get_time', toolCallId: 'call_t' },
    ]);
  });

  it('reports a length finish as an incomplete response', async () => {
    const response = await client(llm).responses.create({ model: 'gpt-4.1', input: 'too long' });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });
});

describe('POST /v1/responses, streamed', () => {
  it('sends typed events with sequence numbers and no [DONE]', async () => {
    const res = await post(llm, '/responses', { model: 'gpt-4.1', input: 'Hi', stream: true });
    const events = parseSse(res.text);
    const data = events.map((e) => JSON.parse(e.data) as Wire);
    events.forEach((e, i) => expect(e.event).toBe(data[i]?.type));
    expect(data.map((d) => d.sequence_number)).toEqual(data.map((_, i) => i));
    const types = data.map((d) => d.type);
    const deltas = types.filter((t) => t === 'response.output_text.delta').length;
    expect(deltas).toBe(5);
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...Array<string>(deltas).fill('response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(data[0]?.response).toMatchObject({ status: 'in_progress', output: [], model: 'gpt-4.1' });
    const itemId = data[2]?.item.id as string;
    expect(data[2]).toMatchObject({ output_index: 0, item: { type: 'message', status: 'in_progress', content: [] } });
    const textDeltas = data.filter((d) => d.type === 'response.output_text.delta');
    expect(textDeltas.every((d) => d.item_id === itemId && d.output_index === 0 && d.content_index === 0)).toBe(true);
    expect(textDeltas.map((d) => d.delta).join('')).toBe('Hello from the scripted model.');
    const completed = data.at(-1)?.response;
    expect(completed).toMatchObject({ id: data[0]?.response.id, status: 'completed', usage: { output_tokens: 5 } });
    expect(completed.output[0].id).toBe(itemId);
    expect(res.text).not.toContain('[DONE]');
  });

  it('streams function_call items with argument deltas', async () => {
    const res = await post(llm, '/responses', { model: 'gpt-4.1', input: 'weather and time', tools, stream: true });
    const data = parseSse(res.text).map((e) => JSON.parse(e.data) as Wire);
    const added = data.filter((d) => d.type === 'response.output_item.added' && d.item.type === 'function_call');
    expect(added.map((d) => [d.output_index, d.item.name, d.item.arguments, d.item.status])).toEqual([
      [1, 'get_weather', '', 'in_progress'],
      [2, 'get_time', '', 'in_progress'],
    ]);
    const weatherDeltas = data.filter((d) => d.type === 'response.function_call_arguments.delta' && d.output_index === 1);
    expect(weatherDeltas.length).toBeGreaterThan(1);
    expect(weatherDeltas.every((d) => d.item_id === added[0]?.item.id)).toBe(true);
    expect(weatherDeltas.map((d) => d.delta).join('')).toBe('{"city":"Oslo"}');
    const done = data.find((d) => d.type === 'response.function_call_arguments.done' && d.output_index === 1);
    expect(done?.arguments).toBe('{"city":"Oslo"}');
    const itemDone = data.filter((d) => d.type === 'response.output_item.done').map((d) => d.item.status);
    expect(itemDone).toEqual(['completed', 'completed', 'completed']);
  });

  it('is accumulated by the official client stream helper', async () => {
    const stream = client(llm).responses.stream({ model: 'gpt-4.1', input: 'weather and time', tools });
    let text = '';
    stream.on('response.output_text.delta', (event) => {
      text += event.delta;
    });
    const response = await stream.finalResponse();
    expect(text).toBe('Checking both.');
    expect(response.output_text).toBe('Checking both.');
    expect(response.output.filter((i) => i.type === 'function_call').map((i) => i.name)).toEqual(['get_weather', 'get_time']);
  });

  it('ends an incomplete stream with response.incomplete', async () => {
    const res = await post(llm, '/responses', { model: 'gpt-4.1', input: 'too long', stream: true });
    const last = JSON.parse(parseSse(res.text).at(-1)?.data ?? '{}') as Wire;
    expect(last.type).toBe('response.incomplete');
    expect(last.response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });
});

describe('structured output (text.format json_schema)', () => {
  const format = { type: 'json_schema' as const, name: 'answer', schema: answerSchema, strict: true };

  it('returns a fitting structured answer as output_text, parsed by the client', async () => {
    const response = await client(llm).responses.parse({ model: 'gpt-4.1', input: 'json please', text: { format } });
    expect(response.output_text).toBe('{"answer":"yes","confidence":0.9}');
    expect(response.output_parsed).toEqual({ answer: 'yes', confidence: 0.9 });
    expect(response.text?.format).toEqual(format);
    expect(llm.lastRequest()?.responseFormat).toEqual({ type: 'json_schema', name: 'answer', schema: answerSchema, strict: true });
  });

  it('answers HTTP 500 naming the rule when the answer does not fit', async () => {
    const res = await post(llm, '/responses', { model: 'gpt-4.1', input: 'bad json', text: { format }, stream: true });
    expect(res.status).toBe(500);
    const message = (res.json() as { error: { message: string } }).error.message;
    expect(message).toContain('"bad-json"');
    expect(message).toContain('missing required property "confidence"');
    expect(message).toContain('unexpected property "extra"');
  });

  it('streams a structured answer to the client stream helper', async () => {
    const stream = client(llm).responses.stream({ model: 'gpt-4.1', input: 'json please', text: { format } });
    const response = await stream.finalResponse();
    expect(response.output_parsed).toEqual({ answer: 'yes', confidence: 0.9 });
  });
});

describe('stored responses', () => {
  it('resolves item_reference inputs to the items this server produced', async () => {
    const first = await client(llm).responses.create({ model: 'gpt-4.1', input: 'weather and time in Oslo', tools });
    const [message, weather, time] = first.output;
    const second = await client(llm).responses.create({
      model: 'gpt-4.1',
      input: [
        { role: 'user', content: 'weather and time in Oslo' },
        { type: 'item_reference', id: message!.id! },
        { type: 'item_reference', id: weather!.id! },
        { type: 'item_reference', id: time!.id! },
        { type: 'function_call_output', call_id: 'call_time', output: '12:00' },
      ],
      tools,
    });
    expect(second.output_text).toBe('It is noon in Oslo.');
    expect(llm.lastRequest()?.messages[1]).toMatchObject({ role: 'assistant', content: 'Checking both.' });
    expect(llm.lastRequest()?.messages[1]?.toolCalls?.map((c) => c.name)).toEqual(['get_weather', 'get_time']);
  });

  it('continues a conversation from previous_response_id', async () => {
    const first = await client(llm).responses.create({ model: 'gpt-4.1', instructions: 'Be brief.', input: 'weather and time in Oslo', tools });
    const second = await client(llm).responses.create({
      model: 'gpt-4.1',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: 'call_time', output: '12:00' }],
      tools,
    });
    expect(second.output_text).toBe('It is noon in Oslo.');
    expect(second.previous_response_id).toBe(first.id);
    expect(llm.lastRequest()?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('answers 400 for unknown items and responses, and keeps nothing with store: false', async () => {
    const unknownItem = await post(llm, '/responses', { model: 'm', input: [{ type: 'item_reference', id: 'msg_unknown' }] });
    expect(unknownItem.status).toBe(400);
    expect(unknownItem.json()).toMatchObject({ error: { code: 'item_not_found' } });
    const unstored = await client(llm).responses.create({ model: 'm', input: 'Hi', store: false });
    const unknown = await post(llm, '/responses', { model: 'm', input: 'Hi', previous_response_id: unstored.id });
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'previous_response_not_found', param: 'previous_response_id' } });
  });
});
