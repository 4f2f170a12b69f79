import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import { openSessionStore } from '@agentspec/runtime';
import { startAgentServer } from '../src/index.js';
import { ASSISTANT, runtimes, serve, spec, type Served } from './fixtures.js';

const TOKEN = 'cors-token';
const PAGE = 'http://app.example:3000';
let withCors: Served;
let without: Served;
beforeAll(async () => {
  withCors = await serve(spec(ASSISTANT), { token: TOKEN, cors: [PAGE, 'https://other.example'] });
  without = await serve(spec(ASSISTANT));
});
afterAll(async () => {
  await withCors.close();
  await without.close();
});

const preflight = (url: string, origin: string) => fetch(`${url}/ag-ui`, {
  method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
});

describe('CORS (--cors)', () => {
  it('answers a preflight from a listed origin with that origin (never *), without asking for the token', async () => {
    const res = await preflight(withCors.server.url, PAGE);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('refuses a preflight from any other origin (403, no CORS headers), and sends none on its requests', async () => {
    const res = await preflight(withCors.server.url, 'http://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toMatchObject({ error: { code: 'AS_ORIGIN_NOT_ALLOWED' } });
    const health = await fetch(`${withCors.server.url}/health`, { headers: { origin: 'http://evil.example', authorization: `Bearer ${TOKEN}` } });
    expect(health.status).toBe(200);
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('marks the listed origin\'s requests, an AG-UI run and a refusal alike; the token still applies', async () => {
    const agent = new HttpAgent({ url: `${withCors.server.url}/ag-ui`, threadId: 'cors-1', headers: { authorization: `Bearer ${TOKEN}`, origin: PAGE } });
    agent.addMessage({ id: '1', role: 'user', content: 'hello' });
    const { newMessages } = await agent.runAgent();
    expect(newMessages.at(-1)?.content).toBe('Hello there, how can I help you today?');
    const sse = await fetch(`${withCors.server.url}/ag-ui`, {
      method: 'POST', headers: { origin: PAGE, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ threadId: 'cors-2', runId: 'r', messages: [{ id: 'm', role: 'user', content: 'hello' }], tools: [], context: [], state: {}, forwardedProps: {} }),
    });
    expect(sse.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(await sse.text()).toContain('RUN_FINISHED');
    const refused = await fetch(`${withCors.server.url}/health`, { headers: { origin: PAGE } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(PAGE);
  });

  it('sends no CORS headers by default, and answers no preflight', async () => {
    const res = await preflight(without.server.url, PAGE);
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const health = await fetch(`${without.server.url}/health`, { headers: { origin: PAGE } });
    expect(health.status).toBe(200);
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses * with a token, and values that are not origins (AS_INSECURE_CORS)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentspec-cors-'));
    const store = await openSessionStore(join(dir, 'sessions.db'));
    const base = { component: spec(ASSISTANT), runtimes: await runtimes(['reference']), store };
    await expect(startAgentServer({ ...base, token: 't', cors: ['*'] })).rejects.toMatchObject({ code: 'AS_INSECURE_CORS' });
    await expect(startAgentServer({ ...base, cors: ['http://app.example/path'] })).rejects.toMatchObject({ code: 'AS_INSECURE_CORS' });
    const open = await startAgentServer({ ...base, cors: ['*'] });
    const res = await fetch(`${open.url}/health`, { headers: { origin: 'http://any.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await open.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
