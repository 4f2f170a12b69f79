import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAIClient } from '@openai/agents';
import { retryingFetch } from '@agentspec/runtime';
import { closedPort, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { leanChatClient } from '../src/model/lean-chat-client.js';
import { openAiClient } from '../src/openai-client.js';

/**
 * The lean chat path (leanChatClient) answers as the `openai` client does:
 * the same request on the wire, the same parsed answer, the same error
 * classes — each case sent through both and compared.
 */
type Create = (body: Record<string, unknown>, options?: { headers?: Record<string, string>; signal?: AbortSignal }) => Promise<unknown> & { withResponse?: unknown };

let llm: ScriptedLlm;

beforeAll(async () => {
  llm = await startScriptedLlm([
    { match: { lastUserMessage: 'slow' }, answer: { text: 'late', delayMs: 1_000 } },
    { match: { lastUserMessage: 'bad' }, answer: { error: { status: 400, message: 'bad request', type: 'invalid_request_error', code: 'bad' } } },
    { match: { lastUserMessage: 'busy' }, answer: { error: { status: 429, message: 'slow down' } } },
    { match: { lastUserMessage: 'broken' }, answer: { error: { status: 503, message: 'down' } } },
    { match: { lastUserMessage: 'weather' }, answer: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] } },
    { match: { lastUserMessage: 'hi' }, answer: { text: 'Hello.' } },
  ]);
});
afterAll(() => llm.close());

function clients(baseURL: string, timeoutMs = 5_000): { real: Create; lean: Create } {
  const fetch = retryingFetch({ retries: 0 });
  const client = openAiClient({ baseURL, apiKey: 'sk-test', timeoutMs, retries: 0, fetch });
  const lean = leanChatClient(client, { baseURL, apiKey: 'sk-test', timeoutMs, fetch });
  const create = (c: OpenAIClient): Create => (c.chat.completions as unknown as { create: Create }).create.bind(c.chat.completions);
  return { real: create(client), lean: create(lean) };
}

const body = (text: string) => ({ model: 'scripted-model', messages: [{ role: 'user', content: text }], tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }] });

/** An answer with the ids the server makes up (completion, tool calls) replaced by their kind. */
const sameIds = (answer: unknown): unknown => JSON.parse(JSON.stringify(answer, (_k, v: unknown) => (typeof v === 'string' ? v.replace(/^(call|chatcmpl)[-_]\w+$/, '$1') : v)));

async function failure(p: Promise<unknown>): Promise<{ class: string; status: unknown; error: unknown; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { status?: unknown; error?: unknown; message: string };
    return { class: (e as object).constructor.name, status: err.status, error: err.error, message: err.message };
  }
  throw new Error('expected a failure');
}

describe('leanChatClient', () => {
  it.each(['hi', 'weather'])('answers %s as the openai client does, from the same request', async (text) => {
    const { real, lean } = clients(llm.url);
    llm.clear();
    const a = (await real(body(text), { headers: { 'User-Agent': 'Agents/JavaScript test' } })) as { created: number; _request_id?: unknown };
    const b = (await lean(body(text), { headers: { 'User-Agent': 'Agents/JavaScript test' } })) as { created: number; _request_id?: unknown };
    const [ra, rb] = llm.requests;
    expect(rb!.path).toBe(ra!.path);
    expect(rb!.body).toEqual(ra!.body);
    for (const h of ['authorization', 'content-type', 'accept', 'user-agent']) expect(rb!.headers[h]).toBe(ra!.headers[h]);
    // the server makes up ids and times per answer
    expect(sameIds({ ...b, created: a.created })).toEqual(sameIds(a));
    expect(typeof a._request_id).toBe('string');
    expect(typeof b._request_id).toBe('string');
    expect(Object.keys(b)).not.toContain('_request_id');
  });

  it.each(['bad', 'busy', 'broken'])('fails %s with the openai client\'s error', async (text) => {
    const { real, lean } = clients(llm.url);
    expect(await failure(lean(body(text)))).toEqual(await failure(real(body(text))));
  });

  it('times out as the openai client does', async () => {
    const { real, lean } = clients(llm.url, 100);
    const b = await failure(lean(body('slow')));
    expect(b).toEqual(await failure(real(body('slow'))));
    expect(b.class).toBe('APIConnectionTimeoutError');
  });

  it('is cancelled as the openai client is, before and during a request', async () => {
    const { real, lean } = clients(llm.url);
    const aborted = AbortSignal.abort();
    expect(await failure(lean(body('hi'), { signal: aborted }))).toEqual(await failure(real(body('hi'), { signal: aborted })));
    const during = () => AbortSignal.timeout(50);
    const b = await failure(lean(body('slow'), { signal: during() }));
    expect(b).toEqual(await failure(real(body('slow'), { signal: during() })));
    expect(b.class).toBe('APIUserAbortError');
  });

  it('fails an unreachable endpoint with the openai client\'s connection error', async () => {
    const { real, lean } = clients(`http://127.0.0.1:${await closedPort()}/v1`);
    const b = await failure(lean(body('hi')));
    expect(b.class).toBe('APIConnectionError');
    expect(b).toEqual(await failure(real(body('hi'))));
  });

  it('leaves streamed completions to the openai client (its promise, withResponse and all)', async () => {
    const { lean } = clients(llm.url);
    const p = lean({ ...body('hi'), stream: true });
    expect(typeof p.withResponse).toBe('function');
    const chunks: unknown[] = [];
    for await (const chunk of (await p) as AsyncIterable<unknown>) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(0);
  });
});
