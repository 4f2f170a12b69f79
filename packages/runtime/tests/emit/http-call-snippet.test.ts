// The httpCall snippet (the HTTP call of RemoteTools in emitted modules),
// evaluated and run against loopback servers: the rules of callHttp.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Echo, type TestServer } from '../http/echo-server.js';
import { load } from './load-snippets.js';

interface Request {
  method: string;
  url: string;
  templatedHost: boolean;
  query?: unknown;
  headers?: unknown;
  data?: unknown;
  urlAllowList?: readonly string[];
  retryPolicy?: Record<string, unknown>;
}
interface Options {
  allow?: readonly string[];
  timeoutMs?: number;
  retries?: number;
  maxRedirects?: number;
  maxBodyBytes?: number;
  lookup?: (hostname: string) => Promise<readonly { address: string; family: number }[]>;
}

const { httpCall } = load(['httpCall']) as unknown as { httpCall: (request: Request, options: Options, signal?: AbortSignal) => Promise<unknown> };

let server: TestServer;
let other: TestServer;
beforeAll(async () => {
  [server, other] = await Promise.all([startTestServer(), startTestServer('127.0.0.2')]);
});
afterAll(() => Promise.all([server.close(), other.close()]));

const get = (url: string, fields: Partial<Request> = {}): Request => ({ method: 'GET', url, templatedHost: false, ...fields });

describe('httpCall snippet: requests', () => {
  it('appends query params, sends lower-cased headers, and decodes JSON', async () => {
    const e = (await httpCall(get(`${server.base}/echo/q?keep=a%20b`, { query: { tag: ['a', 2], n: null }, headers: { 'X-Token': 't', Skip: null } }), {})) as Echo;
    expect(e.raw).toBe('/echo/q?keep=a%20b&tag=a&tag=2');
    expect(e.headers['x-token']).toBe('t');
    expect(e.headers.skip).toBeUndefined();
  });

  it('POST sends object data as JSON, a form for the form content type, a string as it is', async () => {
    const json = (await httpCall({ ...get(`${server.base}/echo`), method: 'post', data: { a: [1] } }, {})) as Echo;
    expect([json.method, json.headers['content-type'], json.body]).toEqual(['POST', 'application/json', '{"a":[1]}']);
    const form = (await httpCall({ ...get(`${server.base}/echo`), method: 'PUT', data: { a: ['x', 'y'], b: { c: 1 } }, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, {})) as Echo;
    expect(form.body).toBe('a=x&a=y&b=%7B%22c%22%3A1%7D');
    const raw = (await httpCall({ ...get(`${server.base}/echo`), method: 'POST', data: 'raw text' }, {})) as Echo;
    expect(raw.body).toBe('raw text');
    const none = (await httpCall({ ...get(`${server.base}/echo`), method: 'DELETE', data: {} }, {})) as Echo;
    expect(none.body).toBe('');
  });

  it('returns text that is not JSON as text', async () => {
    expect(await httpCall(get(`${server.base}/text`), {})).toBe('plain words');
    expect(await httpCall(get(`${server.base}/json-as-text`), {})).toEqual({ from: 'text/plain' });
  });

  it('refuses an invalid method or header before any connection', async () => {
    await expect(httpCall({ ...get(`${server.base}/echo`), method: 'GE T' }, {})).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    await expect(httpCall(get(`${server.base}/echo`, { headers: { 'bad name': 'x' } }), {})).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
  });
});

describe('httpCall snippet: SSRF guard', () => {
  it('refuses other schemes and URLs that are not absolute', async () => {
    await expect(httpCall(get('ftp://127.0.0.1/x'), {})).rejects.toThrow(/scheme 'ftp:'/);
    await expect(httpCall(get('not a url'), {})).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', name: 'CodedError' });
  });

  it('refuses a templated host unless allow lists it (host or host:port), before any connection', async () => {
    const request = get(`${server.base}/echo/guarded`, { templatedHost: true });
    await expect(httpCall(request, {})).rejects.toThrow(/'127\.0\.0\.1' comes from an argument and is not in network\.allow/);
    expect(server.hits.get('/echo/guarded')).toBeUndefined();
    await expect(httpCall(request, { allow: ['127.0.0.1:1'] })).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    expect(((await httpCall(request, { allow: ['127.0.0.1'] })) as Echo).path).toBe('/echo/guarded');
    expect(((await httpCall(request, { allow: [` 127.0.0.1:${server.port} `] })) as Echo).path).toBe('/echo/guarded');
  });

  it('refuses private and link-local addresses (IPv4, IPv6, IPv4-mapped) unless allow lists them; loopback as the fixed host is fine', async () => {
    const refused = [
      ['http://10.1.2.3/', 'private'], ['http://192.168.0.1/', 'private'], ['http://172.20.0.1/', 'private'], ['http://100.64.0.1/', 'private'], ['http://0.0.0.0/', 'private'],
      ['http://169.254.169.254/latest', 'link-local'], ['http://[fe80::1]/', 'link-local'], ['http://[fd00::1]/', 'private'], ['http://[::]/', 'private'],
      ['http://[::ffff:169.254.169.254]/', 'link-local'], ['http://[::ffff:10.0.0.1]/', 'private'], ['http://0xa9.254.169.254/', 'link-local'],
    ];
    for (const [url, kind] of refused) await expect(httpCall(get(url as string), {}), url).rejects.toThrow(new RegExp(`is a ${kind} address`));
    // listed in allow, the address passes the SSRF guard (here the url_allow_list refuses it: nothing is sent)
    await expect(httpCall(get('http://[::ffff:10.0.0.1]:9/', { urlAllowList: ['http://nowhere.example/'] }), { allow: ['::ffff:a00:1'] })).rejects.toThrow(/url_allow_list/);
    expect(await httpCall(get(`${server.base}/text`), {})).toBe('plain words');
    expect(await httpCall(get(`http://[::ffff:127.0.0.1]:${server.port}/text`), {})).toBe('plain words');
  });
});

describe('httpCall snippet: redirects', () => {
  it('follows a redirect on the same host, keeping the method and body for 307, a GET without body for 303', async () => {
    const kept = (await httpCall({ ...get(`${server.base}/redirect?status=307&to=/echo/moved`), method: 'POST', data: { a: 1 } }, {})) as Echo;
    expect(kept).toMatchObject({ method: 'POST', path: '/echo/moved', body: '{"a":1}' });
    const seeOther = (await httpCall({ ...get(`${server.base}/redirect?status=303&to=/echo/other`), method: 'POST', data: { a: 1 } }, {})) as Echo;
    expect(seeOther).toMatchObject({ method: 'GET', path: '/echo/other', body: '' });
    expect(seeOther.headers['content-type']).toBeUndefined();
  });

  it('refuses a redirect from 127.0.0.1 to 127.0.0.2 unless allow lists it, without connecting to it', async () => {
    const request = get(`${server.base}/redirect`, { query: { to: `${other.base}/echo/hop` } });
    await expect(httpCall(request, {})).rejects.toThrow(/redirect to another host, 'http:\/\/127\.0\.0\.2:/);
    expect(other.hits.get('/echo/hop')).toBeUndefined();
    expect(((await httpCall(request, { allow: ['127.0.0.2'] })) as Echo).path).toBe('/echo/hop');
  });

  it('checks every hop: an allowed second host may not send the call on to a third', async () => {
    const third = `http://127.0.0.3:${server.port}/echo/third`;
    const request = get(`${server.base}/redirect`, { query: { to: `${other.base}/redirect?to=${encodeURIComponent(third)}` } });
    await expect(httpCall(request, { allow: ['127.0.0.2'] })).rejects.toThrow(/another host, 'http:\/\/127\.0\.0\.3:/);
  });

  it('drops credential headers when the origin changes, keeps them on the same origin', async () => {
    const headers = { authorization: 'Bearer s', cookie: 'c=1', 'proxy-authorization': 'p', 'x-other': 'kept' };
    const away = (await httpCall(get(`${server.base}/redirect`, { query: { to: `${other.base}/echo/away` }, headers }), { allow: ['127.0.0.2'] })) as Echo;
    expect([away.headers.authorization, away.headers.cookie, away.headers['proxy-authorization'], away.headers['x-other']]).toEqual([undefined, undefined, undefined, 'kept']);
    const home = (await httpCall(get(`${server.base}/redirect?to=/echo/home`, { headers }), {})) as Echo;
    expect([home.headers.authorization, home.headers.cookie]).toEqual(['Bearer s', 'c=1']);
  });

  it('a redirect loop fails with AS_HTTP_REDIRECTS after maxRedirects (default 5), not retried', async () => {
    const before = server.hits.get('/loop') ?? 0;
    await expect(httpCall(get(`${server.base}/loop`), {})).rejects.toMatchObject({ code: 'AS_HTTP_REDIRECTS', message: expect.stringMatching(/more than 5 times/) });
    expect((server.hits.get('/loop') ?? 0) - before).toBe(6);
    await expect(httpCall(get(`${server.base}/loop`), { maxRedirects: 1 })).rejects.toThrow(/more than 1 times/);
  });
});

describe('httpCall snippet: url_allow_list', () => {
  it('checks the first URL (scheme, host, port, path prefix on whole segments)', async () => {
    const list = [`${server.base}/echo/orders`];
    expect(((await httpCall(get(`${server.base}/echo/orders/1`, { urlAllowList: list }), {})) as Echo).path).toBe('/echo/orders/1');
    await expect(httpCall(get(`${server.base}/echo/orders-archive`, { urlAllowList: list }), {})).rejects.toThrow(/not in the url_allow_list/);
    await expect(httpCall(get(`http://127.0.0.1:1/echo/orders`, { urlAllowList: list }), {})).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
  });

  it('checks every redirect hop, even to a host allow lists', async () => {
    const request = get(`${server.base}/redirect`, { query: { to: `${other.base}/echo/hop` }, urlAllowList: [`${server.base}/redirect`] });
    await expect(httpCall(request, { allow: ['127.0.0.2'] })).rejects.toThrow(/'http:\/\/127\.0\.0\.2:\d+\/echo\/hop' is not in the url_allow_list/);
    const listed = { ...request, urlAllowList: [`${server.base}/redirect`, `${other.base}/echo`] };
    expect(((await httpCall(listed, { allow: ['127.0.0.2'] })) as Echo).path).toBe('/echo/hop');
  });
});

describe('httpCall snippet: body cap', () => {
  it('reads a body up to maxBodyBytes whole; past it, streamed or declared, AS_HTTP_BODY_TOO_LARGE, not retried', async () => {
    expect(await httpCall(get(`${server.base}/big?bytes=1000`), { maxBodyBytes: 1000 })).toBe('x'.repeat(1000));
    await expect(httpCall(get(`${server.base}/big?bytes=5000`), { maxBodyBytes: 1000 })).rejects.toMatchObject({ code: 'AS_HTTP_BODY_TOO_LARGE', message: expect.stringMatching(/stopped reading there/) });
    await expect(httpCall(get(`${server.base}/big?bytes=5000&length=1`), { maxBodyBytes: 1000 })).rejects.toThrow(/larger than 1000 bytes \(Content-Length 5000\)/);
    await expect(httpCall(get(`${server.base}/endless`), { maxBodyBytes: 64 * 1024 })).rejects.toMatchObject({ code: 'AS_HTTP_BODY_TOO_LARGE' });
  });

  it('the default cap is 10 MB', async () => {
    await expect(httpCall(get(`${server.base}/big?bytes=${10 * 1024 * 1024 + 1}&length=1`), {})).rejects.toThrow(/larger than 10485760 bytes/);
  });

  it('an error status with a long body reports an excerpt, not a body-size error', async () => {
    await expect(httpCall(get(`${server.base}/status/404`), { maxBodyBytes: 4 })).rejects.toMatchObject({ code: 'AS_HTTP_STATUS', message: expect.stringMatching(/HTTP 404 Not Found: stat$/) });
  });
});

describe('httpCall snippet: statuses, retries, timeouts', () => {
  it('a 404 is AS_HTTP_STATUS with an excerpt of the body, not retried', async () => {
    const before = server.hits.get('/status/404') ?? 0;
    await expect(httpCall(get(`${server.base}/status/404`), {})).rejects.toMatchObject({ code: 'AS_HTTP_STATUS', message: expect.stringMatching(/HTTP 404 Not Found: status 404 body/) });
    expect((server.hits.get('/status/404') ?? 0) - before).toBe(1);
  });

  it('retries 5xx (twice by default), then gives up with the last status', async () => {
    expect(await httpCall(get(`${server.base}/flaky/a?fail=2`), {})).toEqual({ attempts: 3 });
    await expect(httpCall(get(`${server.base}/flaky/b?fail=5&status=500`), { retries: 1 })).rejects.toThrow(/HTTP 500 .*\(after 2 attempts\)/);
    expect(server.hits.get('/flaky/b')).toBe(2);
  });

  it('honours a short Retry-After on 429; a long one ends the retries', async () => {
    expect(await httpCall(get(`${server.base}/retry-after/a?after=0.05`), {})).toEqual({ attempts: 2 });
    await expect(httpCall(get(`${server.base}/retry-after/b?after=3600`), {})).rejects.toMatchObject({ code: 'AS_HTTP_STATUS' });
    expect(server.hits.get('/retry-after/b')).toBe(1);
  });

  it('retries network errors, then AS_HTTP_STATUS naming the cause', async () => {
    const closed = await startTestServer();
    await closed.close();
    await expect(httpCall(get(`${closed.base}/echo`), {})).rejects.toMatchObject({ code: 'AS_HTTP_STATUS', message: expect.stringMatching(/no HTTP answer \(after 3 attempts\): .*ECONNREFUSED/) });
  });

  it('times out with AS_HTTP_TIMEOUT, and is cancelled by the signal with AS_CANCELLED', async () => {
    await expect(httpCall(get(`${server.base}/delay/2000`), { timeoutMs: 100 })).rejects.toMatchObject({ code: 'AS_HTTP_TIMEOUT' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(httpCall(get(`${server.base}/delay/2000`), {}, controller.signal)).rejects.toMatchObject({ code: 'AS_CANCELLED' });
    await expect(httpCall(get(`${server.base}/echo`), {}, AbortSignal.abort())).rejects.toMatchObject({ code: 'AS_CANCELLED' });
  });
});

describe("httpCall snippet: the tool's retry_policy (as callHttp)", () => {
  const policy = (fields: Record<string, unknown>) => ({
    max_attempts: 2, request_timeout: null, initial_retry_delay: 0.01, max_retry_delay: 0.05, backoff_factor: 2, jitter: null,
    service_error_retry_on_any_5xx: true, recoverable_statuses: {}, ...fields,
  });

  it('decides the retries instead of options.retries: max_attempts retries of what it takes', async () => {
    expect(await httpCall(get(`${server.base}/flaky/p1?fail=2&status=503`, { retryPolicy: policy({}) }), { retries: 0 })).toEqual({ attempts: 3 });
    await expect(httpCall(get(`${server.base}/flaky/p2?fail=5&status=503`, { retryPolicy: policy({ max_attempts: 0 }) }), { retries: 5 })).rejects.toThrow(/HTTP 503/);
    expect(server.hits.get('/flaky/p2')).toBe(1);
  });

  it('retries only the statuses (and textual error codes) it names when 5xx are not all retried', async () => {
    const only429 = policy({ service_error_retry_on_any_5xx: false, recoverable_statuses: { 429: [] } });
    await expect(httpCall(get(`${server.base}/flaky/p3?fail=5&status=500`, { retryPolicy: only429 }), {})).rejects.toThrow(/HTTP 500/);
    expect(server.hits.get('/flaky/p3')).toBe(1);
    const coded = policy({ service_error_retry_on_any_5xx: false, recoverable_statuses: { 503: ['overloaded'] } });
    expect(await httpCall(get(`${server.base}/flaky/p4?fail=1&status=503&code=overloaded`, { retryPolicy: coded }), {})).toEqual({ attempts: 2 });
    await expect(httpCall(get(`${server.base}/flaky/p5?fail=1&status=503&code=other`, { retryPolicy: coded }), {})).rejects.toThrow(/HTTP 503/);
    expect(server.hits.get('/flaky/p5')).toBe(1);
  });

  it('bounds each attempt by its request_timeout, and retries an attempt that timed out', async () => {
    expect(await httpCall(get(`${server.base}/slow-first/p6?ms=2000`, { retryPolicy: policy({ request_timeout: 0.2 }) }), {})).toEqual({ attempts: 2 });
    expect(server.hits.get('/slow-first/p6')).toBe(2);
    await expect(httpCall(get(`${server.base}/delay/2000`, { retryPolicy: policy({ request_timeout: 0.1, max_attempts: 1 }) }), {})).rejects.toMatchObject({ code: 'AS_HTTP_TIMEOUT' });
  });
});

describe('httpCall snippet: host names judged by what they resolve to (as callHttp)', () => {
  const resolver = (table: Record<string, string>) => {
    const asked: string[] = [];
    const lookup = async (name: string) => {
      asked.push(name);
      const address = table[name];
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return [{ address, family: 4 }];
    };
    return { lookup, asked };
  };

  it('refuses a name resolving to a private or loopback address, before any connection', async () => {
    const { lookup } = resolver({ 'intranet.test': '10.20.30.40', 'rebind.test': '127.0.0.2' });
    await expect(httpCall(get(`http://intranet.test:${other.port}/echo`), { lookup, retries: 0 })).rejects.toMatchObject({
      code: 'AS_HTTP_REFUSED', message: expect.stringContaining("the host 'intranet.test' resolves to a private address (10.20.30.40) and is not in network.allow"),
    });
    const before = other.hits.get('/echo') ?? 0;
    await expect(httpCall(get(`http://rebind.test:${other.port}/echo`), { lookup, retries: 3 })).rejects.toMatchObject({ message: expect.stringContaining('loopback address (127.0.0.2)') });
    expect(other.hits.get('/echo') ?? 0).toBe(before);
  });

  it('connects a name `allow` lists to the address the resolver gave, asking it once', async () => {
    const { lookup, asked } = resolver({ 'intranet.test': '127.0.0.2' });
    const e = (await httpCall(get(`http://intranet.test:${other.port}/echo/pinned`), { lookup, allow: ['intranet.test'] })) as Echo;
    expect([e.path, e.headers.host]).toEqual(['/echo/pinned', `intranet.test:${other.port}`]);
    expect(asked).toEqual(['intranet.test']);
  });
});
