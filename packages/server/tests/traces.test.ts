import { afterEach, describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import type { Trace, TraceListener } from '@agentspec/runtime';
import { ASSISTANT, authHeaders, serve, spec, type Served } from './fixtures.js';

const TOKEN = 'trace-token';
let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

const agentOf = (s: Served, thread: string, initial: HttpAgent['messages'] = []) => new HttpAgent({ url: `${s.server.url}/ag-ui`, threadId: thread, headers: authHeaders(TOKEN), initialMessages: initial });

async function say(agent: HttpAgent, content: string): Promise<void> {
  agent.addMessage({ id: crypto.randomUUID(), role: 'user', content });
  await agent.runAgent();
}

const getTrace = async (s: Served, thread: string, token?: string) => fetch(`${s.server.url}/traces/${thread}`, { headers: authHeaders(token) });
const spanNames = (t: Trace) => t.spans.map((sp) => `${sp.kind}:${sp.name}`);

describe('traces of served sessions (GET /traces/:id)', () => {
  it('records each session\'s runs as one trace, behind the token, kept in the store across a restart', async () => {
    served = await serve(spec(ASSISTANT), { token: TOKEN });
    const agent = agentOf(served, 't1');
    await say(agent, 'what is the weather?');
    expect((await getTrace(served, 't1')).status).toBe(401);
    const first = await (await getTrace(served, 't1', TOKEN)).json() as Trace;
    expect(first).toMatchObject({ format: 'agentspec-trace', runtime: 'reference', name: 'Assistant' });
    expect(spanNames(first)).toEqual(expect.arrayContaining(['AgentExecutionSpan:Assistant', 'LlmGenerationSpan:scripted model', 'ToolExecutionSpan:get_forecast']));
    expect(first.runs).toHaveLength(1);

    // a second turn of the thread is a second run of the same trace: it stops on a confirmation (paused)
    await say(agent, 'now delete /tmp/a.txt');
    const second = await (await getTrace(served, 't1', TOKEN)).json() as Trace;
    expect(second.id).toBe(first.id);
    expect(second.runs.map((r) => r.status)).toEqual(['user_input', 'tool_confirmation']);

    await served.restart();
    const stored = await (await getTrace(served, 't1', TOKEN)).json() as Trace;
    expect(stored.id).toBe(first.id);
    expect(stored.runs).toHaveLength(2);
    // a turn after the restart is recorded by this server: the earlier server's trace comes first
    await agentOf(served, 't1', agent.messages).runAgent({ resume: [{ interruptId: agent.pendingInterrupts[0]!.id, status: 'resolved', payload: { approved: true } }] });
    const segments = await (await getTrace(served, 't1', TOKEN)).json() as Trace[];
    expect(segments).toHaveLength(2);
    expect(segments[0]!.id).toBe(first.id);
    expect(spanNames(segments[1]!)).toContain('ToolExecutionSpan:delete_file');

    expect((await getTrace(served, 'nobody', TOKEN)).status).toBe(404);
    // deleting the chat deletes its trace
    expect((await fetch(`${served.server.url}/api/chats/t1`, { method: 'DELETE', headers: authHeaders(TOKEN) })).status).toBe(200);
    expect((await getTrace(served, 't1', TOKEN)).status).toBe(404);
  });

  it('renders the trace view (the traceView given), the token as ?token= on that page only; listeners see every span', async () => {
    const ended: string[] = [];
    const listener: TraceListener = { spanEnded: (span) => void ended.push(span.name) };
    served = await serve(spec(ASSISTANT), { token: TOKEN, traceView: (traces) => `<!doctype html><title>${traces.length} trace(s): ${traces[0]?.name}</title>`, traceListeners: () => [listener] });
    await say(agentOf(served, 'v1'), 'what is the weather?');
    const view = await fetch(`${served.server.url}/traces/v1/view?token=${TOKEN}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toContain('text/html');
    expect(view.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await view.text()).toContain('1 trace(s): Assistant');
    expect((await fetch(`${served.server.url}/traces/v1?token=${TOKEN}`)).status).toBe(401);
    expect(ended).toEqual(expect.arrayContaining(['get_forecast', 'scripted model', 'Assistant']));
    // the playground links threads to their trace view
    expect(await (await fetch(`${served.server.url}/?token=${TOKEN}`)).text()).toContain('"traces":true');
  });

  it('records nothing with traces: false', async () => {
    served = await serve(spec(ASSISTANT), { traces: false });
    await say(agentOf(served, 'off'), 'hello');
    const res = await fetch(`${served.server.url}/traces/off`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'AS_NOT_FOUND' } });
  });
});
