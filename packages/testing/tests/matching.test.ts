import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANSWER, findRule, normalizeChatRequest, startScriptedLlm } from '../src/index.js';
import type { Rule, ScriptedLlm } from '../src/index.js';
import { client, post, weatherTool } from './helpers.js';

type Message = { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string };

const user = (content: string): Message => ({ role: 'user', content });
const system = (content: string): Message => ({ role: 'system', content });

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm([]);
});
afterEach(() => llm.clear());
afterAll(() => llm.close());

/** Sends a chat request and returns the text answered. */
async function ask(messages: Message[], extra: Record<string, unknown> = {}): Promise<string | null> {
  const res = await post(llm, '/chat/completions', { model: 'gpt-4o', messages, ...extra });
  expect(res.status).toBe(200);
  return (res.json() as { choices: [{ message: { content: string | null } }] }).choices[0].message.content;
}

const say = (text: string): Rule['answer'] => ({ text });

describe('match conditions', () => {
  it('lastMessage: equals or contains, on the last message of any role', async () => {
    llm.setRules([
      { match: { lastMessage: 'exactly this' }, answer: say('equal') },
      { match: { lastMessage: { contains: 'part' } }, answer: say('contains') },
    ]);
    expect(await ask([user('exactly this')])).toBe('equal');
    expect(await ask([user('exactly this!')])).toBe(DEFAULT_ANSWER.text);
    expect(await ask([user('a part of it')])).toBe('contains');
    expect(await ask([user('a part of it'), { role: 'assistant', content: 'whole' }])).toBe(DEFAULT_ANSWER.text);
  });

  it('lastUserMessage: the last message with role user', async () => {
    llm.setRules([{ match: { lastUserMessage: { contains: 'weather' } }, answer: say('user') }]);
    expect(await ask([user('weather?'), { role: 'assistant', content: 'hm' }])).toBe('user');
    expect(await ask([user('time?'), { role: 'assistant', content: 'weather' }])).toBe(DEFAULT_ANSWER.text);
  });

  it('systemPromptContains: system and developer messages', async () => {
    llm.setRules([{ match: { systemPromptContains: 'pirate' }, answer: say('arr') }]);
    expect(await ask([system('You are a pirate.'), user('hi')])).toBe('arr');
    expect(await ask([{ role: 'developer', content: 'Be a pirate' }, user('hi')])).toBe('arr');
    expect(await ask([system('You are a clerk.'), user('pirate')])).toBe(DEFAULT_ANSWER.text);
  });

  it('regex: a source string, or a pattern with flags, on the last message', async () => {
    llm.setRules([
      { match: { regex: '^order #\\d+$' }, answer: say('plain') },
      { match: { regex: { pattern: '^cancel', flags: 'i' } }, answer: say('flags') },
    ]);
    expect(await ask([user('order #42')])).toBe('plain');
    expect(await ask([user('order #x')])).toBe(DEFAULT_ANSWER.text);
    expect(await ask([user('CANCEL it')])).toBe('flags');
  });

  it('lastToolResult: tool name resolved from the assistant tool call, optional contains', async () => {
    llm.setRules([
      { match: { lastToolResult: { tool: 'get_weather', contains: 'rain' } }, answer: say('umbrella') },
      { match: { lastToolResult: { tool: 'get_weather' } }, answer: say('weather') },
    ]);
    const history = (result: string, tool = 'get_weather'): Message[] => [
      user('weather?'),
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: tool, arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: result },
    ];
    expect(await ask(history('heavy rain'))).toBe('umbrella');
    expect(await ask(history('sun'))).toBe('weather');
    expect(await ask(history('rain', 'get_time'))).toBe(DEFAULT_ANSWER.text);
    expect(await ask([...history('rain'), { role: 'assistant', content: 'ok' }])).toBe(DEFAULT_ANSWER.text);
  });

  it('model, hasTools, toolOffered, endpoint', async () => {
    llm.setRules([
      { match: { model: 'small' }, answer: say('small model') },
      { match: { toolOffered: 'get_weather' }, answer: say('has weather tool') },
      { match: { hasTools: true }, answer: say('has tools') },
      { match: { endpoint: 'responses' }, answer: say('responses api') },
      { match: { hasTools: false }, answer: say('no tools') },
    ]);
    expect(await ask([user('x')], { model: 'small' })).toBe('small model');
    expect(await ask([user('x')], { tools: [weatherTool] })).toBe('has weather tool');
    const other = { ...weatherTool, function: { ...weatherTool.function, name: 'other' } };
    expect(await ask([user('x')], { tools: [other] })).toBe('has tools');
    expect(await ask([user('x')])).toBe('no tools');
    const response = await client(llm).responses.create({ model: 'gpt-4o', input: 'x' });
    expect(response.output_text).toBe('responses api');
  });

  it('all given conditions must hold, and the first matching rule wins', async () => {
    llm.setRules([
      { name: 'both', match: { lastUserMessage: 'hi', model: 'big' }, answer: say('both') },
      { name: 'first', match: { lastUserMessage: 'hi' }, answer: say('first') },
      { name: 'second', match: { lastUserMessage: 'hi' }, answer: say('second') },
    ]);
    expect(await ask([user('hi')])).toBe('first');
    expect(await ask([user('hi')], { model: 'big' })).toBe('both');
    expect(llm.requests.map((r) => r.rule)).toEqual([{ index: 1, name: 'first' }, { index: 0, name: 'both' }]);
  });
});

describe('uses', () => {
  it('times: a rule stops matching after N uses (on the rule or in match)', async () => {
    llm.setRules([
      { times: 2, answer: say('twice') },
      { match: { times: 1 }, answer: say('once') },
      { answer: say('forever') },
    ]);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask([user('x')]));
    expect(answers).toEqual(['twice', 'twice', 'once', 'forever', 'forever']);
  });

  it('sequence: the Nth matching request gets the Nth answer, the last repeats', async () => {
    llm.setRules([
      { match: { lastUserMessage: 'next' }, answer: { sequence: [{ text: 'one' }, { toolCalls: [{ name: 'get_weather' }] }, { text: 'three' }] } },
      { answer: say('other') },
    ]);
    expect(await ask([user('next')])).toBe('one');
    expect(await ask([user('not next')])).toBe('other');
    expect(await ask([user('next')])).toBeNull();
    expect(await ask([user('next')])).toBe('three');
    expect(await ask([user('next')])).toBe('three');
  });

  it('setRules resets the use counts', async () => {
    const rules: Rule[] = [{ times: 1, answer: say('once') }];
    llm.setRules(rules);
    expect(await ask([user('x')])).toBe('once');
    expect(await ask([user('x')])).toBe(DEFAULT_ANSWER.text);
    llm.setRules(rules);
    expect(await ask([user('x')])).toBe('once');
  });
});

describe('unmatched requests', () => {
  it('get the default answer, documented as DEFAULT_ANSWER', async () => {
    llm.setRules([]);
    expect(await ask([user('anything')])).toBe('No scripted rule matched this request.');
    expect(llm.lastRequest()?.rule).toBeNull();
  });

  it('get a configured default answer', async () => {
    const custom = await startScriptedLlm({ rules: [], defaultAnswer: { toolCalls: [{ name: 'fallback' }] } });
    try {
      const completion = await client(custom).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
      expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: 'fallback' } });
    } finally {
      await custom.close();
    }
  });

  it('get HTTP 400 in strict mode, naming endpoint, last message, system prompt and tools', async () => {
    const strict = await startScriptedLlm({ rules: [{ match: { lastUserMessage: 'known' }, answer: say('ok') }], strict: true });
    try {
      const res = await fetch(`${strict.url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({
          model: 'gpt-4o',
          messages: [system('You are a helpful travel agent.'), user('Book me a flight to Lima')],
          tools: [weatherTool],
        }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { message: string; type: string; code: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.code).toBe('no_rule_matched');
      expect(body.error.message).toContain('/v1/chat/completions');
      expect(body.error.message).toContain('"Book me a flight to Lima"');
      expect(body.error.message).toContain('You are a helpful travel agent.');
      expect(body.error.message).toContain('get_weather');
      expect(strict.requests).toHaveLength(1);
      const ok = await client(strict).responses.create({ model: 'gpt-4o', input: 'known' });
      expect(ok.output_text).toBe('ok');
    } finally {
      await strict.close();
    }
  });
});

describe('findRule (pure)', () => {
  it('returns the index of the first rule with uses left, or -1', () => {
    const request = normalizeChatRequest({ model: 'm', messages: [user('hi')] });
    const rules: Rule[] = [{ times: 1, answer: say('a') }, { match: { lastUserMessage: 'no' }, answer: say('b') }];
    expect(findRule(rules, request)).toBe(0);
    expect(findRule(rules, request, [1, 0])).toBe(-1);
  });
});
