import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import { openSessionStore } from '@agentspec/runtime';
import { startAgentServer } from '../src/index.js';
import { ASSISTANT, runtimes, serve, spec, type Served } from './fixtures.js';

const TOKEN = 's3cret-token';
let served: Served;
beforeAll(async () => {
  served = await serve(spec(ASSISTANT), { token: TOKEN });
});
afterAll(async () => served.close());

/** Every route of the server, as method and path (with a body where the route reads one). */
const ROUTES: [string, string][] = [
  ['GET', '/health'], ['GET', '/'], ['POST', '/ag-ui'], ['GET', '/api/chats'], ['POST', '/api/chats'], ['GET', '/api/chats/x'],
  ['DELETE', '/api/chats/x'], ['POST', '/api/chats/x/messages'], ['POST', '/api/approve'], ['GET', '/.well-known/agent-card.json'],
  ['POST', '/a2a'], ['POST', '/mcp'], ['GET', '/mcp'], ['GET', '/nope'],
];

describe('bearer auth', () => {
  it.each(ROUTES)('refuses %s %s without the token and with a wrong one (401 AS_UNAUTHORIZED)', async (method, path) => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${TOKEN}` }] as Record<string, string>[]) {
      const res = await fetch(`${served.server.url}${path}`, { method, headers, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.json()).toMatchObject({ error: { code: 'AS_UNAUTHORIZED' } });
    }
  });

  it('lets the right token through (a header, or ?token= on the playground page)', async () => {
    const health = await fetch(`${served.server.url}/health`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(health.status).toBe(200);
    const agent = new HttpAgent({ url: `${served.server.url}/ag-ui`, threadId: 'auth-1', headers: { authorization: `Bearer ${TOKEN}` } });
    agent.addMessage({ id: '1', role: 'user', content: 'hello' });
    const { newMessages } = await agent.runAgent();
    expect(newMessages.at(-1)?.content).toBe('Hello there, how can I help you today?');
    expect((await fetch(`${served.server.url}/?token=${TOKEN}`)).status).not.toBe(401);
    // the query token is only for the page
    expect((await fetch(`${served.server.url}/health?token=${TOKEN}`)).status).toBe(401);
  });

  it('refuses to listen on a non-loopback host without a token (AS_INSECURE_BIND)', async () => {
    const store = await openSessionStore(`${served.dir}/other.db`);
    try {
      await expect(startAgentServer({ component: spec(ASSISTANT), runtimes: await runtimes(['reference']), store, host: '0.0.0.0' }))
        .rejects.toMatchObject({ code: 'AS_INSECURE_BIND' });
    } finally {
      await store.close();
    }
  });
});
