import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LLM_TIMEOUT_MS, llmConnectionLost, providerFetch } from '../../src/index.js';

/**
 * An LLM endpoint on loopback that misbehaves the ways providerFetch must handle:
 * `/stall` sends its headers and a first stream event, then nothing more;
 * `/stall-json` and `/cut-json` send half a JSON body, then nothing more or a closed connection;
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
    if (req.url === '/stall-json' || req.url === '/cut-json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '40' });
      if (req.url === '/cut-json') return void res.write('{"choices": [', () => res.destroy());
      res.write('{"choices": [');
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

  it('reads a JSON answer whole within llm.timeoutMs: one that stalls half-way fails its reader with a TimeoutError, not retried', async () => {
    requests = 0;
    const response = await providerFetch({}, { timeoutMs: 150, retries: 2 })(`${url}/stall-json`, post({}));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    await expect(response.json()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(requests).toBe(1);
  });

  it('hands on a JSON answer cut half-way as a body that fails with the connection\'s error where its client reads it', async () => {
    requests = 0;
    const response = await providerFetch({}, { timeoutMs: 5_000, retries: 2 })(`${url}/cut-json`, post({}));
    const failure = await response.json().then(() => undefined, (e: unknown) => e);
    expect(failure).toMatchObject({ name: 'TypeError', message: 'terminated' });
    expect(llmConnectionLost(failure)).toBe(true);
    expect(requests).toBe(1);
  });

  it('fails the fetch itself when the caller cancels while a JSON answer is read (a client\'s own timeout runs until fetch returns)', async () => {
    requests = 0;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(providerFetch({}, { timeoutMs: 60_000, retries: 2 })(`${url}/stall-json`, post({}, controller.signal))).rejects.toMatchObject({ name: 'AbortError' });
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
