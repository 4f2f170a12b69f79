// The llmFetch snippet (the retries of an emitted module's LLM requests), evaluated and run against the
// scripted LLM on loopback next to retryingFetch of the runtime: the same attempts, the same final answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { retryPolicyLiteral } from '../../src/emit/index.js';
import { retryingFetch, specRetryPolicy, type LlmRetryOptions, type SpecRetryPolicy } from '../../src/index.js';
import { load } from './load-snippets.js';

type Fetch = typeof globalThis.fetch;
const { llmFetch } = load(['llmFetch']) as unknown as { llmFetch: (options: { retries?: number; maxRetryAfterMs?: number; policy?: SpecRetryPolicy }, base?: Fetch) => Fetch };

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: [] });
});
afterAll(() => llm.close());

const error = (status: number, extra: Record<string, unknown> = {}) => ({ error: { status, message: `status ${status}`, ...extra } });
const policy = (over: Record<string, unknown>): SpecRetryPolicy => specRetryPolicy({
  retry_policy: { max_attempts: 2, initial_retry_delay: 0.01, max_retry_delay: 0.05, backoff_factor: 2, jitter: null, ...over },
}) as SpecRetryPolicy;

interface Outcome { readonly attempts: number; readonly status?: number; readonly text?: string; readonly error?: string }

/** Ask the scripted LLM (its rule answering `answers` in turn) through `make(base)`; the attempts and the outcome. */
async function ask(make: (base: Fetch) => Fetch, answers: readonly unknown[], url = `${llm.url}/chat/completions`, signal?: AbortSignal): Promise<Outcome> {
  llm.setRules([{ match: { lastMessage: 'Hi' }, answer: { sequence: answers } } as never]);
  let attempts = 0;
  const counted: Fetch = (input, init) => {
    attempts++;
    return fetch(input, init);
  };
  const body = JSON.stringify({ model: 'scripted-model', messages: [{ role: 'user', content: 'Hi' }] });
  try {
    const response = await make(counted)(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...(signal ? { signal } : {}) });
    return { attempts, status: response.status, ...(response.ok ? { text: ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content ?? '' } : {}) };
  } catch (e) {
    return { attempts, error: (e as Error).name };
  }
}

/** The outcome of the snippet and of the runtime with the same options: equal, and the snippet's. */
async function both(options: LlmRetryOptions, answers: readonly unknown[], url?: string): Promise<Outcome> {
  const emitted = await ask((base) => llmFetch(options, base), answers, url);
  const runtime = await ask((base) => retryingFetch(options, base), answers, url);
  expect(emitted).toEqual(runtime);
  return emitted;
}

describe('llmFetch snippet: the runtime\'s LLM retries', () => {
  it('retries 429 and 5xx twice by default, `retries` times when given; 4xx is final', async () => {
    expect(await both({}, [error(503), error(429), { text: 'Hello' }])).toEqual({ attempts: 3, status: 200, text: 'Hello' });
    expect(await both({ retries: 1 }, [error(500), error(500), error(500)])).toEqual({ attempts: 2, status: 500 });
    expect(await both({}, [error(400), { text: 'never' }])).toEqual({ attempts: 1, status: 400 });
    expect(await both({ retries: 0 }, [error(503), { text: 'never' }])).toEqual({ attempts: 1, status: 503 });
  });

  it('honours a Retry-After (or retry-after-ms) up to maxRetryAfterMs; a longer one returns the answer at once', async () => {
    expect(await both({}, [error(429, { headers: { 'retry-after': '0.05' } }), { text: 'ok' }])).toMatchObject({ attempts: 2, status: 200 });
    expect(await both({}, [error(429, { headers: { 'retry-after-ms': '30' } }), { text: 'ok' }])).toMatchObject({ attempts: 2, status: 200 });
    expect(await both({}, [error(429, { headers: { 'retry-after': '3600' } }), { text: 'never' }])).toEqual({ attempts: 1, status: 429 });
    expect(await both({ maxRetryAfterMs: 10 }, [error(503, { headers: { 'retry-after': '0.05' } }), { text: 'never' }])).toEqual({ attempts: 1, status: 503 });
  });

  it('retries network errors, then throws', async () => {
    const port = await closedPort();
    expect(await both({}, [{ text: 'unreached' }], `http://127.0.0.1:${port}/v1/chat/completions`)).toEqual({ attempts: 3, error: 'TypeError' });
  });

  it('never retries a cancelled request', async () => {
    const emitted = await ask((base) => llmFetch({}, base), [{ text: 'never' }], undefined, AbortSignal.abort());
    expect(emitted).toEqual({ attempts: 1, error: 'AbortError' });
  });
});

describe('llmFetch snippet: the LLM config\'s retry_policy (Agent Spec 26.1.2)', () => {
  it('retries what it lists, as often as it says, over `retries`', async () => {
    const any5xx = policy({ max_attempts: 3, service_error_retry_on_any_5xx: true, recoverable_statuses: { 429: [] } });
    expect(await both({ retries: 0, policy: any5xx }, [error(503), error(429), error(502), { text: 'Hello!' }])).toEqual({ attempts: 4, status: 200, text: 'Hello!' });
    const only503 = policy({ max_attempts: 1, service_error_retry_on_any_5xx: false, recoverable_statuses: { 503: [] } });
    expect(await both({ retries: 2, policy: only503 }, [error(500), { text: 'never' }])).toEqual({ attempts: 1, status: 500 });
    expect(await both({ retries: 2, policy: only503 }, [error(503), error(503), { text: 'never' }])).toEqual({ attempts: 2, status: 503 });
  });

  it('retries a status with textual codes only when the answer carries one of them', async () => {
    const codes = policy({ recoverable_statuses: { 429: ['TooManyRequests'] } });
    expect(await both({ policy: codes }, [error(429, { code: 'TooManyRequests' }), error(429, { code: 'QuotaExceeded' }), { text: 'never' }])).toEqual({ attempts: 2, status: 429 });
  });

  it('retries an attempt its request_timeout ended', async () => {
    const slow = policy({ request_timeout: 0.1 });
    expect(await both({ policy: slow }, [{ text: 'late', delayMs: 400 }, { text: 'ok' }])).toEqual({ attempts: 2, status: 200, text: 'ok' });
  });

  it('is written into a module as a literal of the spec\'s policy, its defaults filled in', () => {
    const literal = retryPolicyLiteral({ retry_policy: { max_attempts: 3, jitter: 'unknown', recoverable_statuses: { 503: [] } } });
    expect(literal).toBe(
      "{\n  max_attempts: 3,\n  request_timeout: null,\n  initial_retry_delay: 1,\n  max_retry_delay: 8,\n  backoff_factor: 2,\n  jitter: null,\n"
      + '  service_error_retry_on_any_5xx: true,\n  recoverable_statuses: { \'503\': [] },\n}',
    );
    expect(retryPolicyLiteral({ retry_policy: null })).toBeUndefined();
  });
});
