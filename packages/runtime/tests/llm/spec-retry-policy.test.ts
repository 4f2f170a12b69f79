import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorCodeOfBody, retryingFetch, specRetryable, specRetryDelay, specRetryDelayMs, specRetryPolicy, type SpecRetryPolicy } from '../../src/index.js';

const policy = (over: Partial<SpecRetryPolicy> = {}): SpecRetryPolicy => ({
  max_attempts: 3, initial_retry_delay: 1, max_retry_delay: 5, backoff_factor: 2, jitter: null,
  service_error_retry_on_any_5xx: true, recoverable_statuses: { 429: [] }, ...over,
});

describe("an LLM config's retry_policy (Agent Spec 26.1.2)", () => {
  it('is read from the config with the spec defaults for what it leaves out; none without max_attempts', () => {
    expect(specRetryPolicy({ retry_policy: { max_attempts: 2 } })).toEqual({
      max_attempts: 2, request_timeout: null, initial_retry_delay: 1, max_retry_delay: 8, backoff_factor: 2, jitter: 'full_and_equal_for_throttle',
      service_error_retry_on_any_5xx: true, recoverable_statuses: { 429: [] },
    });
    expect(specRetryPolicy({ retry_policy: null })).toBeUndefined();
    expect(specRetryPolicy({})).toBeUndefined();
  });

  it('spaces retries by its backoff and jitter (random fixed at 0.5)', () => {
    const half = () => 0.5;
    expect([0, 1, 2, 3].map((a) => specRetryDelayMs(policy(), a, 503, half))).toEqual([1000, 2000, 4000, 5000]);
    expect(specRetryDelayMs(policy({ jitter: 'full' }), 1, 503, half)).toBe(1000);
    expect(specRetryDelayMs(policy({ jitter: 'equal' }), 1, 503, half)).toBe(1500);
    expect(specRetryDelayMs(policy({ jitter: 'decorrelated' }), 1, 503, half)).toBe(2500);
    // full jitter for 5xx, equal for throttling (4xx)
    expect(specRetryDelayMs(policy({ jitter: 'full_and_equal_for_throttle' }), 1, 503, half)).toBe(1000);
    expect(specRetryDelayMs(policy({ jitter: 'full_and_equal_for_throttle' }), 1, 429, half)).toBe(1500);
  });

  it('retries the statuses it lists (with their textual codes when it names some) and any 5xx but 501 when asked', () => {
    const p = policy({ recoverable_statuses: { 429: ['TooManyRequests'], 409: [] }, service_error_retry_on_any_5xx: true });
    expect(specRetryable(p, 429, 'TooManyRequests')).toBe(true);
    expect(specRetryable(p, 429, 'QuotaExceeded')).toBe(false);
    expect(specRetryable(p, 409, undefined)).toBe(true);
    expect(specRetryable(p, 500, undefined)).toBe(true);
    expect(specRetryable(p, 501, undefined)).toBe(false);
    expect(specRetryable(p, 401, undefined)).toBe(false);
    expect(specRetryable(policy({ service_error_retry_on_any_5xx: false }), 503, undefined)).toBe(false);
  });

  it('gives the wait of a failed remote call (specRetryDelay): none for a status it does not take, Retry-After up to the cap', () => {
    const half = () => 0.5;
    expect(specRetryDelay(policy(), 0, {}, 10_000, half)).toBe(1000); // a network failure: the backoff
    expect(specRetryDelay(policy(), 1, { status: 503 }, 10_000, half)).toBe(2000);
    expect(specRetryDelay(policy(), 0, { status: 404 }, 10_000, half)).toBeUndefined();
    expect(specRetryDelay(policy(), 0, { status: 429, retryAfter: '2' }, 10_000, half)).toBe(2000);
    expect(specRetryDelay(policy(), 0, { status: 429, retryAfter: '60' }, 10_000, half)).toBeUndefined();
    expect(specRetryDelay(policy(), 0, { status: 429, retryAfter: 'soon' }, 10_000, half)).toBe(1000);
    const coded = policy({ recoverable_statuses: { 409: ['Busy'] } });
    expect(specRetryDelay(coded, 0, { status: 409, errorCode: 'Busy' }, 10_000, half)).toBe(1000);
    expect(specRetryDelay(coded, 0, { status: 409, errorCode: 'Gone' }, 10_000, half)).toBeUndefined();
    expect(errorCodeOfBody('{"error":{"code":"Busy"}}')).toBe('Busy');
    expect(errorCodeOfBody('{"error":{"type":"rate_limit"}}')).toBe('rate_limit');
    expect(errorCodeOfBody('{"code":"X"}')).toBe('X');
    expect(errorCodeOfBody('not json')).toBeUndefined();
  });

  it('drives retryingFetch: textual codes read from the error body, request_timeout retried as a network error', async () => {
    let n = 0;
    const server = createServer((req, res) => {
      n += 1;
      if (req.url === '/slow' && n === 1) return void setTimeout(() => res.end('late'), 300);
      if (req.url === '/codes' && n === 1) return void res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'TooManyRequests' } }));
      if (req.url === '/codes' && n === 2) return void res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'QuotaExceeded' } }));
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const fast = { initial_retry_delay: 0.001, max_retry_delay: 0.002 };
      const codes = retryingFetch({ policy: policy({ ...fast, recoverable_statuses: { 429: ['TooManyRequests'] } }) });
      expect((await codes(`${url}/codes`, { method: 'POST', body: '{}' })).status).toBe(429); // the second 429 carries a code not listed
      expect(n).toBe(2);
      n = 0;
      const slow = retryingFetch({ policy: policy({ ...fast, request_timeout: 0.1 }) });
      expect(await (await slow(`${url}/slow`, { method: 'POST', body: '{}' })).text()).toBe('ok');
      expect(n).toBe(2);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
