import type { HttpCall } from '@agentspec/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callHttp, type HttpCallOptions } from '../../src/http/index.js';
import { isTlsFailure } from '../../src/index.js';
import { startTestServer, type Echo, type TestServer } from './echo-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const site = { node: 'api' };
const fast: HttpCallOptions = { site, retryPolicy: { baseMs: 5, capMs: 20, maxRetryAfterMs: 1_000 } };

function call(fields: Partial<HttpCall> & { url: string }): HttpCall {
  return { http_method: 'GET', headers: {}, query_params: {}, data: {}, ...fields };
}

async function echo(fields: Partial<HttpCall> & { url: string }, values: Record<string, unknown> = {}): Promise<Echo> {
  return (await callHttp(call(fields), values, fast)) as Echo;
}

describe('callHttp requests', () => {
  it('GET with a templated path, headers and query params, and no body', async () => {
    const e = await echo(
      {
        url: `${server.base}/echo/{{ item }}`,
        headers: { 'X-Token': 'tok-{{ user }}', '{{ hname }}': 'v' },
        query_params: { q: '{{ term }}', tag: ['a', '{{ user }}'], n: 3 },
        data: { ignored: true },
      },
      { item: 'books', user: 'ann', term: 'x y&z', hname: 'x-dyn' },
    );
    expect(e.method).toBe('GET');
    expect(e.path).toBe('/echo/books');
    expect(e.query).toEqual([['q', 'x y&z'], ['tag', 'a'], ['tag', 'ann'], ['n', '3']]);
    expect(e.headers['x-token']).toBe('tok-ann');
    expect(e.headers['x-dyn']).toBe('v');
    expect(e.body).toBe('');
  });

  it('keeps a query written in the URL as is and appends the query params', async () => {
    const e = await echo({ url: `${server.base}/echo?sig=a%20b~c&x={{ x }}`, query_params: { y: 'z w' } }, { x: '1' });
    expect(e.raw).toBe('/echo?sig=a%20b~c&x=1&y=z+w');
  });

  it('POST sends object data as JSON, rendered in keys and nested values', async () => {
    const e = await echo(
      { url: `${server.base}/echo`, http_method: 'post', data: { '{{ k }}': { list: ['{{ v }}', 2], n: '{{ n }}' } } },
      { k: 'key', v: 'val', n: 7 },
    );
    expect(e.method).toBe('POST');
    expect(e.headers['content-type']).toBe('application/json');
    expect(JSON.parse(e.body)).toEqual({ key: { list: ['val', 2], n: '7' } });
  });

  it('sends a form when the headers set the form content type', async () => {
    const e = await echo(
      {
        url: `${server.base}/echo`,
        http_method: 'PUT',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        data: { name: '{{ name }}', tags: ['a', 'b'], obj: { x: 1 } },
      },
      { name: 'Zoë & co' },
    );
    expect(e.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect([...new URLSearchParams(e.body)]).toEqual([['name', 'Zoë & co'], ['tags', 'a'], ['tags', 'b'], ['obj', '{"x":1}']]);
  });

  it('sends a string data as the raw body, keeping a given content type', async () => {
    const e = await echo(
      { url: `${server.base}/echo`, http_method: 'POST', headers: { 'content-type': 'text/csv' }, data: 'a,b\n{{ x }},2' },
      { x: '{{ y }}' },
    );
    expect(e.body).toBe('a,b\n{{ y }},2');
    expect(e.headers['content-type']).toBe('text/csv');
  });

  it('sends an array as JSON and a JSON content type set by the spec is kept', async () => {
    const e = await echo({ url: `${server.base}/echo`, http_method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, data: [1, '{{ a }}'] }, { a: 'b' });
    expect(JSON.parse(e.body)).toEqual([1, 'b']);
    expect(e.headers['content-type']).toBe('application/merge-patch+json');
  });

  it('sends no body for an empty object on DELETE, "{}" on POST', async () => {
    expect((await echo({ url: `${server.base}/echo`, http_method: 'DELETE' })).body).toBe('');
    expect((await echo({ url: `${server.base}/echo`, http_method: 'POST' })).body).toBe('{}');
  });
});

describe('callHttp responses', () => {
  it('returns JSON parsed and text as text', async () => {
    expect(await callHttp(call({ url: `${server.base}/text` }), {}, fast)).toBe('plain words');
    expect(await callHttp(call({ url: `${server.base}/json-as-text` }), {}, fast)).toEqual({ from: 'text/plain' });
  });

  it('a 404 is AS_HTTP_STATUS with the status and a body excerpt, not retried', async () => {
    const p = callHttp(call({ url: `${server.base}/status/404` }), {}, fast);
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_STATUS', site });
    await expect(p).rejects.toThrow(/HTTP 404 Not Found: status 404 body/);
    expect(server.hits.get('/status/404')).toBe(1);
  });

  it('retries 503 with the default backoff and succeeds on the third attempt', async () => {
    const body = await callHttp(call({ url: `${server.base}/flaky/a?fail=2` }), {}, { site });
    expect(body).toEqual({ attempts: 3 });
  });

  it('gives up after the retries with the last status', async () => {
    const p = callHttp(call({ url: `${server.base}/flaky/b?fail=5&status=500` }), {}, { ...fast, retries: 1 });
    await expect(p).rejects.toThrow(/HTTP 500 .*after 2 attempts/);
    expect(server.hits.get('/flaky/b')).toBe(2);
  });

  it('honours a short Retry-After on 429', async () => {
    const started = Date.now();
    expect(await callHttp(call({ url: `${server.base}/retry-after/a?after=0.3` }), {}, fast)).toEqual({ attempts: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('does not wait for a long Retry-After', async () => {
    await expect(callHttp(call({ url: `${server.base}/retry-after/b?after=3600` }), {}, fast)).rejects.toMatchObject({ code: 'AS_HTTP_STATUS' });
    expect(server.hits.get('/retry-after/b')).toBe(1);
  });

  it('times out with AS_HTTP_TIMEOUT', async () => {
    const p = callHttp(call({ url: `${server.base}/delay/2000` }), {}, { ...fast, timeoutMs: 100 });
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_TIMEOUT' });
  });

  it('is cancelled by the signal with AS_CANCELLED', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(callHttp(call({ url: `${server.base}/delay/2000` }), {}, { ...fast, signal: controller.signal })).rejects.toMatchObject({ code: 'AS_CANCELLED' });
    await expect(callHttp(call({ url: `${server.base}/echo` }), {}, { ...fast, signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'AS_CANCELLED' });
  });

  it('network errors are retried, then AS_HTTP_STATUS naming the cause', async () => {
    const closed = await startTestServer();
    await closed.close();
    const p = callHttp(call({ url: `${closed.base}/echo` }), {}, fast);
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_STATUS' });
    await expect(p).rejects.toThrow(/no HTTP answer \(after 3 attempts\): ECONNREFUSED/);
  });

  it('follows redirects, keeping the method for 307', async () => {
    const e = (await callHttp(call({ url: `${server.base}/redirect?status=307&to=/echo/moved`, http_method: 'POST', data: { a: 1 } }), {}, fast)) as Echo;
    expect(e).toMatchObject({ method: 'POST', path: '/echo/moved', body: '{"a":1}' });
  });
});

describe('callHttp SSRF guard', () => {
  it('refuses a templated host not in network.allow, before any connection', async () => {
    const before = server.hits.get('/echo/guarded') ?? 0;
    const p = callHttp(call({ url: 'http://{{ host }}:' + server.port + '/echo/guarded' }), { host: '127.0.0.1' }, fast);
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(p).rejects.toThrow(/'127\.0\.0\.1'.*network\.allow/);
    expect(server.hits.get('/echo/guarded') ?? 0).toBe(before);
  });

  it('allows a templated host listed in network.allow (host or host:port)', async () => {
    const url = 'http://{{ host }}/echo/allowed';
    const values = { host: `127.0.0.1:${server.port}` };
    expect(((await callHttp(call({ url }), values, { ...fast, network: { allow: ['127.0.0.1'] } })) as Echo).path).toBe('/echo/allowed');
    expect(((await callHttp(call({ url }), values, { ...fast, network: { allow: [`127.0.0.1:${server.port}`] } })) as Echo).path).toBe('/echo/allowed');
    await expect(callHttp(call({ url }), values, { ...fast, network: { allow: ['127.0.0.1:1'] } })).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
  });

  it('a templated base URL or port counts as a templated host', async () => {
    await expect(callHttp(call({ url: '{{ base }}/echo' }), { base: server.base }, fast)).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(callHttp(call({ url: 'http://127.0.0.1:{{ port }}/echo' }), { port: server.port }, fast)).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(callHttp(call({ url: 'http://127.0.0.1{{ rest }}' }), { rest: `:${server.port}/echo` }, fast)).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
  });

  it('a literal host is fine, placeholders in the path do not move it', async () => {
    const e = (await callHttp(call({ url: `${server.base}/echo/{{ p }}` }), { p: '@evil.example/x' }, fast)) as Echo;
    expect(e.path).toBe('/echo/@evil.example/x');
  });

  it('refuses schemes other than http and https', async () => {
    await expect(callHttp(call({ url: 'file:///etc/passwd' }), {}, fast)).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(callHttp(call({ url: 'ftp://127.0.0.1/x' }), {}, fast)).rejects.toThrow(/scheme 'ftp:'/);
    await expect(callHttp(call({ url: 'not a url' }), {}, fast)).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
  });

  it('refuses a redirect from a templated host to a host not allowed', async () => {
    const url = 'http://{{ host }}/redirect';
    const to = `http://localhost:${server.port}/echo`;
    const p = callHttp(call({ url, query_params: { to } }), { host: `127.0.0.1:${server.port}` }, { ...fast, network: { allow: ['127.0.0.1'] } });
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(p).rejects.toThrow(/redirect to another host, 'http:\/\/localhost:/);
  });
});

describe('callHttp redirect hops', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer('127.0.0.2');
  });
  afterAll(() => other.close());

  it('refuses a redirect from a fixed 127.0.0.1 URL to 127.0.0.2 not in network.allow, without connecting to it', async () => {
    const to = `${other.base}/echo/hop`;
    const p = callHttp(call({ url: `${server.base}/redirect`, query_params: { to } }), {}, fast);
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(p).rejects.toThrow(/redirect to another host, 'http:\/\/127\.0\.0\.2:/);
    expect(other.hits.get('/echo/hop')).toBeUndefined();
  });

  it('follows the redirect to 127.0.0.2 when network.allow lists it', async () => {
    const to = `${other.base}/echo/hop`;
    const e = (await callHttp(call({ url: `${server.base}/redirect`, query_params: { to } }), {}, { ...fast, network: { allow: ['127.0.0.2'] } })) as Echo;
    expect(e.path).toBe('/echo/hop');
    expect(other.hits.get('/echo/hop')).toBe(1);
  });

  it('checks every hop: an allowed second host may not send the call on to a third', async () => {
    const third = `http://127.0.0.3:${server.port}/echo/third`;
    const to = `${other.base}/redirect?to=${encodeURIComponent(third)}`;
    const p = callHttp(call({ url: `${server.base}/redirect`, query_params: { to } }), {}, { ...fast, network: { allow: ['127.0.0.2'] } });
    await expect(p).rejects.toThrow(/another host, 'http:\/\/127\.0\.0\.3:/);
  });

  it('a redirect loop fails with AS_HTTP_REDIRECTS after 5 redirects (limits.http.maxRedirects changes it), not retried', async () => {
    const before = server.hits.get('/loop') ?? 0;
    const p = callHttp(call({ url: `${server.base}/loop` }), {}, fast);
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_REDIRECTS' });
    await expect(p).rejects.toThrow(/redirected more than 5 times/);
    expect((server.hits.get('/loop') ?? 0) - before).toBe(6);
    const q = callHttp(call({ url: `${server.base}/loop` }), {}, { ...fast, maxRedirects: 1 });
    await expect(q).rejects.toThrow(/more than 1 times/);
  });

  it('a fixed link-local or private URL is refused before any connection unless network.allow lists it', async () => {
    await expect(callHttp(call({ url: 'http://169.254.169.254/latest/meta-data' }), {}, fast)).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(callHttp(call({ url: 'http://10.255.255.1:9/x' }), {}, fast)).rejects.toThrow(/private address/);
  });
});

describe('callHttp response body cap', () => {
  it('a body up to limits.http.maxBodyBytes is read whole', async () => {
    expect(await callHttp(call({ url: `${server.base}/big?bytes=1000` }), {}, { ...fast, maxBodyBytes: 1000 })).toBe('x'.repeat(1000));
  });

  it('a streamed body past the cap is AS_HTTP_BODY_TOO_LARGE, not retried', async () => {
    const p = callHttp(call({ url: `${server.base}/big?bytes=5000` }), {}, { ...fast, maxBodyBytes: 1000 });
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_BODY_TOO_LARGE' });
    await expect(p).rejects.toThrow(/larger than 1000 bytes \(stopped reading there\)/);
  });

  it('a Content-Length above the cap is refused before reading', async () => {
    const p = callHttp(call({ url: `${server.base}/big?bytes=5000&length=1` }), {}, { ...fast, maxBodyBytes: 1000 });
    await expect(p).rejects.toThrow(/larger than 1000 bytes \(Content-Length 5000\)/);
  });

  it('stops reading a body that never ends (no timeout needed)', async () => {
    const started = Date.now();
    const p = callHttp(call({ url: `${server.base}/endless` }), {}, { ...fast, timeoutMs: 10_000, maxBodyBytes: 64 * 1024 });
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_BODY_TOO_LARGE' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the default cap is 10 MB', async () => {
    const p = callHttp(call({ url: `${server.base}/big?bytes=${10 * 1024 * 1024 + 1}&length=1` }), {}, fast);
    await expect(p).rejects.toThrow(/larger than 10485760 bytes/);
  });

  it('an error status with a long body reports an excerpt, not a body-size error', async () => {
    const p = callHttp(call({ url: `${server.base}/status/404` }), {}, { ...fast, maxBodyBytes: 4 });
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_STATUS' });
    await expect(p).rejects.toThrow(/HTTP 404 Not Found: stat \[node/);
  });
});

describe("callHttp under the call's retry_policy (Agent Spec 26.1.2)", () => {
  const policy = (over: Record<string, unknown> = {}) => ({
    max_attempts: 3, initial_retry_delay: 0.005, max_retry_delay: 0.02, backoff_factor: 2, jitter: null,
    service_error_retry_on_any_5xx: true, recoverable_statuses: { 429: [] }, ...over,
  });

  it('replaces limits.http.retries: max_attempts retries', async () => {
    expect(await callHttp(call({ url: `${server.base}/flaky/p1?fail=3`, retry_policy: policy() }), {}, { ...fast, retries: 0 })).toEqual({ attempts: 4 });
    await expect(callHttp(call({ url: `${server.base}/flaky/p2?fail=1`, retry_policy: policy({ max_attempts: 0 }) }), {}, fast)).rejects.toThrow(/HTTP 503/);
    expect(server.hits.get('/flaky/p2')).toBe(1);
  });

  it('retries only the statuses it takes, with their textual codes when it names some', async () => {
    const not5xx = policy({ service_error_retry_on_any_5xx: false });
    await expect(callHttp(call({ url: `${server.base}/flaky/p3?fail=1`, retry_policy: not5xx }), {}, fast)).rejects.toMatchObject({ code: 'AS_HTTP_STATUS' });
    expect(server.hits.get('/flaky/p3')).toBe(1);
    expect(await callHttp(call({ url: `${server.base}/flaky/p4?fail=1&status=429`, retry_policy: not5xx }), {}, fast)).toEqual({ attempts: 2 });
    const coded = policy({ service_error_retry_on_any_5xx: false, recoverable_statuses: { 409: ['Busy'] } });
    expect(await callHttp(call({ url: `${server.base}/flaky/p5?fail=1&status=409&code=Busy`, retry_policy: coded }), {}, fast)).toEqual({ attempts: 2 });
    await expect(callHttp(call({ url: `${server.base}/flaky/p6?fail=1&status=409&code=Gone`, retry_policy: coded }), {}, fast)).rejects.toThrow(/HTTP 409/);
    expect(server.hits.get('/flaky/p6')).toBe(1);
  });

  it('bounds each attempt by request_timeout and retries one that timed out; without it a timeout is final', async () => {
    expect(await callHttp(call({ url: `${server.base}/slow-first/p7?ms=2000`, retry_policy: policy({ request_timeout: 0.1 }) }), {}, fast)).toEqual({ attempts: 2 });
    await expect(callHttp(call({ url: `${server.base}/slow-first/p8?ms=2000`, retry_policy: policy() }), {}, { ...fast, timeoutMs: 100 })).rejects.toMatchObject({ code: 'AS_HTTP_TIMEOUT' });
    expect(server.hits.get('/slow-first/p8')).toBe(1);
  });

  it('retries network errors, and honours a Retry-After up to the cap', async () => {
    const closed = await startTestServer();
    await closed.close();
    await expect(callHttp(call({ url: `${closed.base}/echo`, retry_policy: policy({ max_attempts: 1 }) }), {}, fast)).rejects.toThrow(/no HTTP answer \(after 2 attempts\)/);
    await expect(callHttp(call({ url: `${server.base}/retry-after/p9?after=3600`, retry_policy: policy() }), {}, fast)).rejects.toMatchObject({ code: 'AS_HTTP_STATUS' });
    expect(server.hits.get('/retry-after/p9')).toBe(1);
    expect(await callHttp(call({ url: `${server.base}/retry-after/p10?after=0.05`, retry_policy: policy() }), {}, fast)).toEqual({ attempts: 2 });
  });

  it('never retries a TLS or certificate failure', () => {
    const tls = new TypeError('fetch failed', { cause: Object.assign(new Error('unable to verify the first certificate'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }) });
    expect(isTlsFailure(tls)).toBe(true);
    expect(isTlsFailure(new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }))).toBe(false);
  });
});
