import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LLM_TIMEOUT_MS, providerFetch } from '../../src/index.js';

/**
 * An LLM endpoint on loopback that misbehaves the ways providerFetch must handle:
 * `/stall` sends its headers and a first stream event, then nothing more;
 * `/echo` answers with the request body it got; every request is counted.
 */
let url = '';
let requests = 0;
const open = new Set<ServerResponse>();
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  requests++;
  let body = '';
  req.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => {
    if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"choices":[]}\n\n');
      open.add(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const post = (body: unknown, signal?: AbortSignal): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, ...(signal ? { signal } : {}) });

describe('providerFetch: the fetch given to a framework LLM provider', () => {
  it('times out a stream that stalls after its headers (llm.timeoutMs covers the body), once: a timeout is not retried', async () => {
    requests = 0;
    const send = providerFetch({}, { timeoutMs: 150, retries: 2 });
    const response = await send(`${url}/stall`, post({ stream: true }));
    expect(response.status).toBe(200);
    const started = performance.now();
    await expect(response.text()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(requests).toBe(1);
  });

  it('adds the config\'s extra generation parameters to the JSON body; a field the provider wrote wins', async () => {
    const send = providerFetch({}, { timeoutMs: 5_000 }, { seed: 7, temperature: 2 });
    const echoed = await (await send(`${url}/echo`, post({ model: 'm', temperature: 0.5 }))).json();
    expect(echoed).toEqual({ model: 'm', temperature: 0.5, seed: 7 });
  });

  it('without llm.timeoutMs sends the request as it is; the caller\'s abort ends it and is not retried', async () => {
    const echoed = await (await providerFetch({}, {})(`${url}/echo`, post({ a: 1 }))).json();
    expect(echoed).toEqual({ a: 1 });
    requests = 0;
    const controller = new AbortController();
    const response = await providerFetch({}, { timeoutMs: 60_000, retries: 2 })(`${url}/stall`, post({}, controller.signal));
    const reading = response.text();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toBe(1);
  });

  it('has one default time limit for every runtime', () => {
    expect(DEFAULT_LLM_TIMEOUT_MS).toBe(60_000);
  });
});
