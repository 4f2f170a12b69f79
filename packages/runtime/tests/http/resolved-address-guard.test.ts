// Host names are judged by what they resolve to (DNS rebinding): a name resolving to a loopback, link-local or
// private address is refused unless network.allow lists it, and the connection goes to the address checked.
import type { HttpCall } from '@agentspec/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callHttp, isResolvedName, resolvedRefusal, type HttpCallOptions } from '../../src/http/index.js';
import type { HostLookup } from '../../src/contract.js';
import { RuntimeError } from '../../src/errors.js';
import { startTestServer, type Echo, type TestServer } from './echo-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('127.0.0.2');
});
afterAll(() => server.close());

/** A resolver the test controls, recording the names asked. */
function resolver(table: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { asked });
}

const site = { node: 'api' };
function get(url: string): HttpCall {
  return { http_method: 'GET', url, headers: {}, query_params: {}, data: {} };
}
function options(network: HttpCallOptions['network']): HttpCallOptions {
  return { site, retries: 0, ...(network ? { network } : {}) };
}
async function refusal(promise: Promise<unknown>): Promise<RuntimeError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(RuntimeError);
  return error as RuntimeError;
}

describe('which hosts are resolved', () => {
  it('names only: IP literals and localhost are judged by their text', () => {
    expect(isResolvedName('api.example.com')).toBe(true);
    expect(isResolvedName('intranet')).toBe(true);
    for (const host of ['127.0.0.1', '10.0.0.1', '[::1]', '[fe80::1]', 'localhost', 'a.localhost', '8.8.8.8']) expect(isResolvedName(host)).toBe(false);
  });
  it('any non-public address among the answers refuses the name', () => {
    expect(resolvedRefusal('x', [{ address: '93.184.216.34' }])).toBeUndefined();
    expect(resolvedRefusal('x', [{ address: '93.184.216.34' }, { address: '10.1.2.3' }])?.kind).toBe('private');
    expect(resolvedRefusal('x', [{ address: '169.254.169.254' }])?.kind).toBe('link-local');
    expect(resolvedRefusal('x', [{ address: '::ffff:127.0.0.1' }])?.kind).toBe('loopback');
    expect(resolvedRefusal('x', [{ address: 'fd00::1' }])?.kind).toBe('private');
  });
});

describe('callHttp to a host name', () => {
  it('refuses a name resolving to a private address before any connection', async () => {
    const lookup = resolver({ 'intranet.test': ['10.20.30.40'] });
    const error = await refusal(callHttp(get(`http://intranet.test:${server.port}/echo`), {}, options({ lookup })));
    expect(error.code).toBe('AS_HTTP_REFUSED');
    expect(error.message).toContain("the host 'intranet.test' resolves to a private address (10.20.30.40)");
    expect(error.hint).toContain("network.allow");
    expect(lookup.asked).toEqual(['intranet.test']);
  });

  it('refuses a name resolving to loopback (DNS rebinding onto this machine); the server sees nothing', async () => {
    const before = server.hits.get('/echo') ?? 0;
    const lookup = resolver({ 'rebind.test': ['127.0.0.2'] });
    const error = await refusal(callHttp(get(`http://rebind.test:${server.port}/echo`), {}, options({ lookup })));
    expect(error.code).toBe('AS_HTTP_REFUSED');
    expect(error.message).toContain('loopback address (127.0.0.2)');
    expect(server.hits.get('/echo') ?? 0).toBe(before);
  });

  it('refuses a link-local answer (cloud metadata) even when a public one comes first', async () => {
    const lookup = resolver({ 'meta.test': ['93.184.216.34', '169.254.169.254'] });
    const error = await refusal(callHttp(get('http://meta.test/latest'), {}, options({ lookup })));
    expect(error.message).toContain('link-local address (169.254.169.254)');
  });

  it('connects a name network.allow lists, to the address the user resolver gave (not a second lookup)', async () => {
    const lookup = resolver({ 'intranet.test': ['127.0.0.2'] });
    const echo = (await callHttp(get(`http://intranet.test:${server.port}/echo/pinned`), {}, options({ lookup, allow: ['intranet.test'] }))) as Echo;
    expect(echo.path).toBe('/echo/pinned');
    expect(echo.headers.host).toBe(`intranet.test:${server.port}`);
    expect(lookup.asked).toEqual(['intranet.test']);
  });

  it('is not retried: a refusal is final, the name asked once', async () => {
    const lookup = resolver({ 'intranet.test': ['10.0.0.7'] });
    await refusal(callHttp(get('http://intranet.test/x'), {}, { site, retries: 3, retryPolicy: { baseMs: 1, capMs: 2, maxRetryAfterMs: 10 }, network: { lookup } }));
    expect(lookup.asked).toEqual(['intranet.test']);
  });

  it('a name the resolver does not know fails as a network error, not as a refusal', async () => {
    // the test's resolver, not the system's: no DNS query leaves the machine
    const lookup = resolver({});
    const error = await refusal(callHttp(get('http://no-such-host.invalid/x'), {}, options({ lookup })));
    expect(error.code).toBe('AS_HTTP_STATUS');
    expect(error.message).toContain('no HTTP answer');
  });
});
