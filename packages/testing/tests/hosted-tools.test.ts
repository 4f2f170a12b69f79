import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRules, RulesError, startScriptedLlm } from '../src/index.js';
import type { ScriptedLlm } from '../src/index.js';
import { client, parseSse, post } from './helpers.js';

// Hosted (built-in) tools of the Responses API: the scripted answer carries the output items of the calls the
// provider ran itself, before the message, through the official client, streamed or not.
let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      {
        name: 'search',
        match: { toolOffered: 'web_search' },
        answer: {
          hostedToolCalls: [{ type: 'web_search_call', action: { type: 'search', query: 'tides in Brest today' } }],
          text: 'High tide in Brest is at 14:02.',
        },
      },
      {
        name: 'code',
        match: { toolOffered: 'code_interpreter' },
        answer: {
          hostedToolCalls: [{ type: 'code_interpreter_call', id: 'ci_fixed', code: 'print(6*7)', container_id: 'cntr_1', outputs: [{ type: 'logs', logs: '42\n' }] }],
          text: '42',
        },
      },
    ],
  });
});
afterAll(() => llm.close());

describe('hosted tool calls', () => {
  it('come before the message in the response output, with an id and status completed', async () => {
    const response = await client(llm).responses.create({ model: 'gpt-4.1', input: 'When is high tide in Brest?', tools: [{ type: 'web_search' }] });
    expect(response.output.map((i) => i.type)).toEqual(['web_search_call', 'message']);
    expect(response.output[0]).toMatchObject({ type: 'web_search_call', id: expect.stringMatching(/^ws_/), status: 'completed', action: { type: 'search', query: 'tides in Brest today' } });
    expect(response.output_text).toBe('High tide in Brest is at 14:02.');
    expect(llm.requests[0]?.tools).toEqual([{ type: 'web_search', name: 'web_search' }]);
  });

  it('stream as output_item.added (in progress), response.<type>.completed and output_item.done', async () => {
    const res = await post(llm, '/responses', { model: 'gpt-4.1', input: 'Compute 6*7', tools: [{ type: 'code_interpreter', container: { type: 'auto' } }], stream: true });
    const events = parseSse(res.text).map((e) => JSON.parse(e.data) as { type: string; item?: Record<string, unknown>; output_index?: number });
    const first = events.filter((e) => e.output_index === 0).map((e) => e.type);
    expect(first).toEqual(['response.output_item.added', 'response.code_interpreter_call.completed', 'response.output_item.done']);
    expect(events.find((e) => e.type === 'response.output_item.added')?.item).toMatchObject({ type: 'code_interpreter_call', id: 'ci_fixed', status: 'in_progress', code: 'print(6*7)' });
    expect(events.find((e) => e.type === 'response.output_item.done' && e.output_index === 0)?.item).toEqual({
      type: 'code_interpreter_call', id: 'ci_fixed', status: 'completed', code: 'print(6*7)', container_id: 'cntr_1', outputs: [{ type: 'logs', logs: '42\n' }],
    });
    const completed = events.at(-1) as { type: string; response?: { output: { type: string }[] } };
    expect(completed.type).toBe('response.completed');
    expect(completed.response?.output.map((i) => i.type)).toEqual(['code_interpreter_call', 'message']);
  });

  it('are an HTTP 400 naming the rule on Chat Completions, which has no hosted tools', async () => {
    const res = await post(llm, '/chat/completions', {
      model: 'gpt-4.1', messages: [{ role: 'user', content: 'tides' }],
      tools: [{ type: 'function', function: { name: 'web_search', parameters: { type: 'object' } } }],
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-should-retry')).toBe('false');
    expect(res.json()).toMatchObject({ error: { code: 'hosted_tools_need_responses', message: expect.stringContaining('"search"') } });
  });

  it('are checked when the rules are read: a list of output items of hosted tools', () => {
    expect(() => parseRules([{ answer: { text: 'x', hostedToolCalls: [{ type: 'function_call' }] } }])).toThrow(RulesError);
    expect(() => parseRules([{ answer: { text: 'x', hostedToolCalls: [] } }])).toThrow(/hostedToolCalls must be a non-empty list/);
    expect(parseRules([{ answer: { text: 'x', hostedToolCalls: [{ type: 'file_search_call', queries: ['q'], results: null }] } }])).toHaveLength(1);
  });
});
