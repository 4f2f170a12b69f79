import { afterEach, describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { ASSISTANT, RULES, serve, spec, TOOLS, type Served } from './fixtures.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function post(s: Served, path: string, body: unknown) {
  const res = await fetch(`${s.server.url}${path}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

describe('guards', () => {
  it('stops a run that goes over the LLM call limit, and refuses further runs of a session at its tool call limit', async () => {
    served = await serve(spec(ASSISTANT), { guards: { maxLlmCalls: 1 } });
    const over = await post(served, '/api/chats', { id: 'a', content: 'weather please' });
    expect(over).toMatchObject({ status: 429, body: { error: { code: 'AS_USAGE_LIMIT', message: 'the session used 2 LLM calls; its limit is 1' } } });
    await served.close();

    served = await serve(spec(ASSISTANT), { guards: { maxToolCalls: 1 } });
    expect((await post(served, '/api/chats', { id: 'b', content: 'weather please' })).status).toBe(201);
    const refused = await post(served, '/api/chats/b/messages', { content: 'delete /tmp/a.txt' });
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'AS_USAGE_LIMIT', message: 'the session used 1 tool calls; its limit is 1' } } });
    expect(served.llm.requests).toHaveLength(2);
  });

  it('counts tokens per session, across turns and a restart', async () => {
    served = await serve(spec(ASSISTANT), { guards: { maxTokens: 10 } });
    const first = await post(served, '/api/chats', { id: 't', content: 'hello' });
    expect(first.status).toBe(201);
    const used = (first.body.usage as { tokens: number }).tokens;
    expect(used).toBeGreaterThan(10);
    await served.restart();
    expect(await post(served, '/api/chats/t/messages', { content: 'hello again' })).toMatchObject({ status: 429, body: { error: { code: 'AS_USAGE_LIMIT' } } });
  });

  it('detects a loop: the same tool call repeated is refused before it runs (AS_LOOP_DETECTED, as RUN_ERROR over AG-UI)', async () => {
    let calls = 0;
    const rules = [{ name: 'again', match: { lastToolResult: { tool: 'get_forecast' } }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Oslo' } }] } }, ...RULES];
    served = await serve(spec(ASSISTANT), { rules, guards: { maxRepeatedToolCalls: 3 }, tools: { ...TOOLS, get_forecast: () => ({ forecast: `rain #${++calls}` }) } });
    const agent = new HttpAgent({ url: `${served.server.url}/ag-ui`, threadId: 'loop' });
    agent.addMessage({ id: '1', role: 'user', content: 'loop forever' });
    const events: BaseEvent[] = [];
    await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) });
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'AS_LOOP_DETECTED' });
    expect(calls).toBe(3);
  });

  it('refuses a request body over the size limit before reading it all (AS_REQUEST_TOO_LARGE)', async () => {
    served = await serve(spec(ASSISTANT), { guards: { maxRequestBytes: 256 } });
    const big = await post(served, '/api/chats', { id: 'big', content: 'x'.repeat(1000) });
    expect(big).toMatchObject({ status: 413, body: { error: { code: 'AS_REQUEST_TOO_LARGE' } } });
    expect(served.llm.requests).toHaveLength(0);
  });

  it('stops a run that takes longer than the run timeout (AS_TIMEOUT); the session stays usable', async () => {
    served = await serve(spec(ASSISTANT), { guards: { runTimeoutMs: 300 } });
    expect(await post(served, '/api/chats', { id: 'slow', content: 'be slow' })).toMatchObject({ status: 504, body: { error: { code: 'AS_TIMEOUT' } } });
    const view = await (await fetch(`${served.server.url}/api/chats/slow`)).json() as { failed: string };
    expect(view.failed).toBe('AS_CANCELLED');
  });
});
