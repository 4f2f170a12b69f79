import { connect } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm } from '../src/index.js';
import type { Rule, ScriptedLlm } from '../src/index.js';
import { client, parseSse, post, weatherTool } from './helpers.js';

const rules: Rule[] = [
  { match: { lastUserMessage: 'rate limit' }, answer: { error: { status: 429, message: 'Slow down', headers: { 'x-ratelimit-remaining-requests': '0' } } } },
  { match: { lastUserMessage: 'flaky' }, times: 1, answer: { error: { status: 503, headers: { 'retry-after-ms': '1' } } } },
  { match: { lastUserMessage: 'flaky' }, answer: { text: 'recovered' } },
  { match: { lastUserMessage: 'slow' }, answer: { delayMs: 150, text: 'finally' } },
  { match: { lastUserMessage: 'very slow' }, answer: { delayMs: 10_000, text: 'never' } },
  { match: { lastUserMessage: 'bad body' }, answer: { malformed: 'body', text: 'some text here' } },
  { match: { lastUserMessage: 'bad args' }, answer: { malformed: 'tool_arguments', toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] } },
  { match: { lastUserMessage: 'bad args default' }, answer: { malformed: 'tool_arguments' } },
  { match: { lastUserMessage: 'cut' }, answer: { malformed: 'sse', text: 'a b c d e f g h i j' } },
  { match: { lastUserMessage: 'stall' }, answer: { malformed: 'stall', text: 'a b c d e f g h i j' } },
  { match: { model: 'listed-model' }, answer: { text: 'x' } },
];

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm(rules);
});
afterAll(() => llm.close());

const chat = (content: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  model: 'gpt-4o',
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('error answers', () => {
  it('answer the status with an OpenAI error body and the given headers', async () => {
    const res = await post(llm, '/chat/completions', chat('rate limit'));
    expect(res.status).toBe(429);
    expect(res.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(res.json()).toEqual({ error: { message: 'Slow down', type: 'rate_limit_error', param: null, code: null } });
    await expect(client(llm).responses.create({ model: 'm', input: 'rate limit' })).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });

  it('let a retrying client recover when limited with times', async () => {
    const before = llm.requests.length;
    const retrying = new OpenAI({ baseURL: llm.url, apiKey: 'k', maxRetries: 2 });
    const completion = await retrying.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'flaky' }] });
    expect(completion.choices[0]?.message.content).toBe('recovered');
    expect(llm.requests.length - before).toBe(2);
  });
});

describe('delays', () => {
  it('delayMs holds the answer back', async () => {
    const start = Date.now();
    const res = await post(llm, '/chat/completions', chat('slow'));
    expect(Date.now() - start).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
  });

  it('a client timeout fires during a delay, and the server carries on', async () => {
    const impatient = new OpenAI({ baseURL: llm.url, apiKey: 'k', maxRetries: 0, timeout: 100 });
    await expect(impatient.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'very slow' }] }))
      .rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect((await post(llm, '/chat/completions', chat('rate limit'))).status).toBe(429);
  });
});

describe('malformed answers', () => {
  it('body: a 200 whose body is not JSON; when streamed, an event whose data is not JSON', async () => {
    const res = await post(llm, '/chat/completions', chat('bad body'));
    expect(res.status).toBe(200);
    expect(() => res.json()).toThrow(SyntaxError);
    await expect(client(llm).responses.create({ model: 'm', input: 'bad body' })).rejects.toThrow();
    const streamed = await post(llm, '/chat/completions', chat('bad body', { stream: true }));
    const bad = parseSse(streamed.text).filter((e) => {
      try {
        if (e.data !== '[DONE]') JSON.parse(e.data);
        return false;
      } catch {
        return true;
      }
    });
    expect(bad).toHaveLength(1);
  });

  it('tool_arguments: tool calls whose arguments are not JSON, in both APIs', async () => {
    const completion = await client(llm).chat.completions.create(chat('bad args', { tools: [weatherTool] }) as never) as OpenAI.ChatCompletion;
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    expect(() => JSON.parse(call?.type === 'function' ? call.function.arguments : '')).toThrow(SyntaxError);
    const response = await client(llm).responses.create({
      model: 'm',
      input: 'bad args default',
      tools: [{ type: 'function', name: 'lookup', parameters: {}, strict: false }],
    });
    const item = response.output.find((i) => i.type === 'function_call');
    expect(item?.type === 'function_call' && item.name).toBe('lookup');
    expect(() => JSON.parse(item?.type === 'function_call' ? item.arguments : '')).toThrow(SyntaxError);
  });

  it('sse: the stream is cut mid-event, without a finish chunk or [DONE]', async () => {
    const res = await fetch(`${llm.url}/chat/completions`, { method: 'POST', body: JSON.stringify(chat('cut', { stream: true })) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    await expect((async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += Buffer.from(value).toString();
      }
    })()).rejects.toThrow();
    expect(text).toContain('chat.completion.chunk');
    expect(text).not.toContain('[DONE]');
    expect(text).not.toContain('"finish_reason":"stop"');
    const stream = await client(llm).responses.create({ model: 'm', input: 'cut', stream: true });
    await expect((async () => {
      for await (const _event of stream) { /* drain */ }
    })()).rejects.toThrow();
  });

  it('sse on a non-streamed request cuts the body', async () => {
    await expect(post(llm, '/chat/completions', chat('cut'))).rejects.toThrow();
  });

  it('stall: half the stream (or body) comes, then nothing, the connection open until the client leaves', async () => {
    for (const stream of [true, false]) {
      const controller = new AbortController();
      const res = await fetch(`${llm.url}/chat/completions`, { method: 'POST', body: JSON.stringify(chat('stall', { stream })), signal: controller.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      expect(Buffer.from(first.value!).toString()).toContain(stream ? 'chat.completion.chunk' : '"object":"chat.completion"');
      // nothing more within 300 ms: the next read is still pending
      const next = reader.read();
      const pending = await Promise.race([next.then(() => 'read'), new Promise((r) => setTimeout(() => r('pending'), 300))]);
      expect(pending).toBe('pending');
      controller.abort();
      await expect(next).rejects.toMatchObject({ name: 'AbortError' });
    }
  });
});

describe('bad requests', () => {
  const cases: [string, string, string | unknown, string][] = [
    ['invalid JSON', '/chat/completions', '{"model": "m", ', 'invalid_json'],
    ['not an object', '/chat/completions', '[1, 2]', 'invalid_body'],
    ['no model', '/responses', { input: 'hi' }, 'missing_model'],
    ['no messages', '/chat/completions', { model: 'm' }, 'messages'],
    ['messages not a list', '/chat/completions', { model: 'm', messages: 'hi' }, 'messages'],
    ['message without role', '/chat/completions', { model: 'm', messages: [{ content: 'hi' }] }, 'messages[0]'],
    ['bad tool', '/chat/completions', { model: 'm', messages: [], tools: [{ type: 'function' }] }, 'tools[0].function'],
    ['bad input', '/responses', { model: 'm', input: 42 }, 'input'],
    ['bad temperature', '/responses', { model: 'm', input: 'x', temperature: 'hot' }, 'temperature'],
    ['schema missing', '/chat/completions', { model: 'm', messages: [], response_format: { type: 'json_schema', json_schema: { name: 'x' } } }, 'response_format.json_schema'],
  ];
  it.each(cases)('%s → 400 in the OpenAI error shape', async (_name, path, body, codeOrParam) => {
    const res = await post(llm, path, body);
    expect(res.status).toBe(400);
    const { error } = res.json() as { error: { message: string; type: string; param: string | null; code: string | null } };
    expect(error.type).toBe('invalid_request_error');
    expect(typeof error.message).toBe('string');
    expect([error.code, error.param]).toContain(codeOrParam);
  });

  it('unknown paths get 404 and wrong methods 405', async () => {
    const missing = await post(llm, '/embeddings', { model: 'm', input: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'unknown_url' } });
    expect((await fetch(`${llm.url.replace('/v1', '')}/chat/completions`, { method: 'POST', body: '{}' })).status).toBe(404);
    const wrongMethod = await fetch(`${llm.url}/chat/completions`);
    expect(wrongMethod.status).toBe(405);
  });

  it('garbage on the socket does not crash the server', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(llm.port, '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    expect((await post(llm, '/chat/completions', chat('rate limit'))).status).toBe(429);
  });
});

describe('GET /v1/models', () => {
  it('lists the models the rules name', async () => {
    const page = await client(llm).models.list();
    expect(page.data.map((m) => m.id)).toEqual(['listed-model']);
    expect(page.data[0]).toMatchObject({ object: 'model', owned_by: 'agentspec-scripted-llm' });
    expect((await client(llm).models.retrieve('listed-model')).id).toBe('listed-model');
    await expect(client(llm).models.retrieve('nope')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('lists a default model when no rule names one', async () => {
    const bare = await startScriptedLlm([]);
    try {
      expect((await client(bare).models.list()).data.map((m) => m.id)).toEqual(['scripted-model']);
    } finally {
      await bare.close();
    }
  });
});

describe('listening', () => {
  it('uses 127.0.0.1 and a free port by default, or the given host and port', async () => {
    expect(llm.url).toBe(`http://127.0.0.1:${llm.port}/v1`);
    expect(llm.port).toBeGreaterThan(0);
    const port = llm.port + 1 < 65536 ? llm.port + 1 : llm.port - 1;
    const fixed = await startScriptedLlm({ rules: [], host: 'localhost', port }).catch(() => undefined);
    if (fixed === undefined) return; // that port happened to be taken
    try {
      expect(fixed.port).toBe(port);
      expect((await post(fixed, '/chat/completions', chat('x'))).status).toBe(200);
    } finally {
      await fixed.close();
    }
  });
});

describe('close()', () => {
  it('ends open connections, delayed answers and idle keep-alive sockets included', async () => {
    const server = await startScriptedLlm([{ match: { lastUserMessage: 'wait' }, answer: { delayMs: 20_000, text: 'late' } }]);
    await post(server, '/chat/completions', chat('keep this socket alive'));
    const pending = post(server, '/chat/completions', chat('wait'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const start = Date.now();
    await server.close();
    expect(Date.now() - start).toBeLessThan(1000);
    await expect(pending).rejects.toThrow();
  });
});
