import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT, serve, spec, type Served } from './fixtures.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function call(s: Served, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.server.url}${path}`, { method, ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

describe('the chat API and /health', () => {
  it('answers /health with the spec, the runtime and the version', async () => {
    served = await serve(spec(ASSISTANT));
    const { status, body } = await call(served, 'GET', '/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', spec: 'Assistant', runtime: 'reference', runtimes: ['reference'], version: '0.1.0' });
  });

  it('chats: create, post messages, approve a tool call, read, list, delete', async () => {
    served = await serve(spec(ASSISTANT));
    const created = await call(served, 'POST', '/api/chats', { id: 'c1', content: 'hello' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'c1', runtime: 'reference', status: 'user_input' });
    expect((created.body.messages as { role: string; content: string }[]).map((m) => [m.role, m.content])).toEqual([['user', 'hello'], ['assistant', 'Hello there, how can I help you today?']]);

    const asked = await call(served, 'POST', '/api/chats/c1/messages', { content: 'delete /tmp/a.txt' });
    expect(asked.body).toMatchObject({ status: 'tool_confirmation', requests: [{ name: 'delete_file', args: { path: '/tmp/a.txt' } }] });
    const id = (asked.body.requests as { id: string }[])[0]!.id;

    const approved = await call(served, 'POST', '/api/approve', { chatId: 'c1', toolCallId: id, approved: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'user_input' });
    expect((approved.body.messages as { content: string }[]).at(-1)?.content).toBe('Done, the file is gone.');
    expect(approved.body.usage).toMatchObject({ llmCalls: 3, toolCalls: 1 });

    const read = await call(served, 'GET', '/api/chats/c1');
    expect((read.body.messages as unknown[]).length).toBe(6);
    const list = await call(served, 'GET', '/api/chats');
    expect((list.body.chats as { id: string; status: string }[]).map((c) => [c.id, c.status])).toEqual([['c1', 'user_input']]);

    expect((await call(served, 'DELETE', '/api/chats/c1')).status).toBe(200);
    expect((await call(served, 'GET', '/api/chats/c1')).body).toMatchObject({ error: { code: 'AS_NOT_FOUND' } });
  });

  it('refuses what is not a route or not the shape a route takes, with coded errors', async () => {
    served = await serve(spec(ASSISTANT));
    expect(await call(served, 'GET', '/nope')).toMatchObject({ status: 404, body: { error: { code: 'AS_NOT_FOUND' } } });
    expect(await call(served, 'PUT', '/api/chats')).toMatchObject({ status: 405, body: { error: { code: 'AS_METHOD_NOT_ALLOWED' } } });
    expect(await call(served, 'POST', '/api/approve', { toolCallId: 'x' })).toMatchObject({ status: 400, body: { error: { code: 'AS_BAD_REQUEST', message: 'chatId is required' } } });
    expect(await call(served, 'POST', '/api/chats', { runtime: 'crewai', content: 'hi' })).toMatchObject({ status: 400, body: { error: { code: 'AS_UNKNOWN_RUNTIME' } } });
    const res = await fetch(`${served.server.url}/ag-ui`, { method: 'POST', body: '{"threadId": 1}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'AS_BAD_REQUEST' } });
    // approving nothing pending is the session's refusal
    await call(served, 'POST', '/api/chats', { id: 'c2', content: 'hello' });
    expect(await call(served, 'POST', '/api/approve', { chatId: 'c2', toolCallId: 'nope', approved: true })).toMatchObject({ status: 409, body: { error: { code: 'AS_INVALID_STATE' } } });
  });
});
