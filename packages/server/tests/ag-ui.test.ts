import { afterEach, describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { ASSISTANT, INTAKE_FLOW, serve, spec, type Served } from './fixtures.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

/** An AG-UI client on the served endpoint, recording every event of its runs. */
function client(s: Served, threadId: string, headers: Record<string, string> = {}) {
  const agent = new HttpAgent({ url: `${s.server.url}/ag-ui`, threadId, headers });
  const events: BaseEvent[] = [];
  const subscriber = { onEvent: ({ event }: { event: BaseEvent }) => void events.push(event) };
  const say = (content: string) => agent.addMessage({ id: crypto.randomUUID(), role: 'user', content });
  return { agent, events, subscriber, say, types: () => events.map((e) => e.type) };
}

describe('AG-UI endpoint (POST /ag-ui) with @ag-ui/client HttpAgent', () => {
  it('streams the reply token by token and shows server tool calls with their results', async () => {
    served = await serve(spec(ASSISTANT));
    const c = client(served, 'thread-weather');
    c.say('what is the weather in Paris?');
    const result = await c.agent.runAgent({}, c.subscriber);
    const types = c.types();
    expect(types[0]).toBe('RUN_STARTED');
    expect(types.at(-1)).toBe('RUN_FINISHED');
    expect(types.filter((t) => t === 'TEXT_MESSAGE_CONTENT').length).toBeGreaterThan(1);
    const text = c.events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => (e as unknown as { delta: string }).delta).join('');
    expect(text).toBe('It is sunny in Paris today.');
    const start = c.events.find((e) => e.type === 'TOOL_CALL_START') as unknown as { toolCallName: string; toolCallId: string };
    expect(start.toolCallName).toBe('get_forecast');
    const toolResult = c.events.find((e) => e.type === 'TOOL_CALL_RESULT') as unknown as { toolCallId: string; content: string };
    expect(toolResult.toolCallId).toBe(start.toolCallId);
    expect(JSON.parse(toolResult.content)).toEqual({ forecast: 'sunny in Paris' });
    expect(result.newMessages.some((m) => m.role === 'assistant' && m.content === 'It is sunny in Paris today.')).toBe(true);
    // the thread is the session: it is in the store under the thread id
    expect((await served.store.get('thread-weather'))?.runtime).toBe('reference');
  });

  it('turns the client\'s frontend tools into ClientTools: the call goes to the client, its result back to the agent', async () => {
    served = await serve(spec(ASSISTANT));
    const c = client(served, 'thread-map');
    const tools = [{ name: 'show_map', description: 'Shows a map of a place in the browser.', parameters: { type: 'object', properties: { place: { type: 'string' } }, required: ['place'] } }];
    c.say('show me a map of Paris');
    const first = await c.agent.runAgent({ tools }, c.subscriber);
    const call = first.newMessages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls ?? [] : []))[0];
    expect(call?.function.name).toBe('show_map');
    expect(JSON.parse(call?.function.arguments ?? '{}')).toEqual({ place: 'Paris' });
    expect(c.events.some((e) => e.type === 'TOOL_CALL_RESULT')).toBe(false);
    // the LLM was offered the frontend tool with its schema
    expect(JSON.stringify(served.llm.requests[0]?.body)).toContain('show_map');
    c.agent.addMessage({ id: crypto.randomUUID(), role: 'tool', toolCallId: call?.id as string, content: JSON.stringify({ shown: true }) });
    const second = await c.agent.runAgent({ tools }, c.subscriber);
    expect(second.newMessages.filter((m) => m.role === 'assistant').map((m) => m.content)).toContain('The map is on your screen.');
  });

  it('makes a tool confirmation an interrupt the client resumes with its answer', async () => {
    served = await serve(spec(ASSISTANT));
    const c = client(served, 'thread-delete');
    c.say('please delete /tmp/a.txt');
    await c.agent.runAgent({}, c.subscriber);
    const interrupts = c.agent.pendingInterrupts;
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0]).toMatchObject({ reason: 'tool_confirmation', metadata: { toolName: 'delete_file', args: { path: '/tmp/a.txt' } } });
    c.events.length = 0;
    const resumed = await c.agent.runAgent({ resume: [{ interruptId: interrupts[0]!.id, status: 'resolved', payload: { approved: true } }] }, c.subscriber);
    expect((c.events.find((e) => e.type === 'TOOL_CALL_RESULT') as unknown as { content: string }).content).toContain('deleted /tmp/a.txt');
    expect(resumed.newMessages.some((m) => m.content === 'Done, the file is gone.')).toBe(true);
  });

  it('resumes a thread after the server restarts (the session is in the store)', async () => {
    served = await serve(spec(ASSISTANT));
    const before = client(served, 'thread-restart');
    before.say('delete /tmp/a.txt');
    await before.agent.runAgent({}, before.subscriber);
    const interrupt = before.agent.pendingInterrupts[0]!;
    await served.restart();
    const after = client(served, 'thread-restart');
    const resumed = await after.agent.runAgent({ resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { approved: false, reason: 'not that one' } }] }, after.subscriber);
    expect(after.types()).not.toContain('TOOL_CALL_RESULT');
    expect(after.types().at(-1)).toBe('RUN_FINISHED');
    // the rejection went to the LLM as the tool's result
    expect(JSON.stringify(served.llm.lastRequest()?.body)).toContain('not that one');
    expect(resumed.newMessages.length).toBeGreaterThan(0);
  });

  it('makes a flow\'s InputMessageNode an interrupt, with state snapshots naming the current node', async () => {
    served = await serve(spec(INTAKE_FLOW));
    const c = client(served, 'thread-flow');
    await c.agent.runAgent({ forwardedProps: { inputs: { topic: 'network' } } }, c.subscriber);
    const interrupt = c.agent.pendingInterrupts[0]!;
    expect(interrupt).toMatchObject({ reason: 'input_required', message: 'What is your network question?' });
    const snapshots = c.events.filter((e) => e.type === 'STATE_SNAPSHOT').map((e) => (e as unknown as { snapshot: { currentNode: string; phase: string } }).snapshot);
    expect(snapshots.map((s) => s.currentNode)).toContain('ask');
    expect(c.events.filter((e) => e.type === 'STEP_STARTED').map((e) => (e as unknown as { stepName: string }).stepName)).toEqual(['start', 'ask']);
    c.events.length = 0;
    const done = await c.agent.runAgent({ resume: [{ interruptId: interrupt.id, status: 'resolved', payload: 'my wifi drops' }] }, c.subscriber);
    expect(done.result).toMatchObject({ outputs: { reply: 'Restart the router.' } });
    const last = c.events.filter((e) => e.type === 'STATE_SNAPSHOT').at(-1) as unknown as { snapshot: { phase: string; outputs: unknown } };
    expect(last.snapshot).toMatchObject({ phase: 'finished', outputs: { reply: 'Restart the router.' } });
    expect(served.llm.lastRequest()?.messages.at(-1)?.content).toBe('Answer: my wifi drops');
  });

  it('ends a failed run with RUN_ERROR carrying the runtime\'s error code', async () => {
    served = await serve(spec(ASSISTANT));
    const c = client(served, 'thread-broken');
    c.say('this is broken');
    await c.agent.runAgent({}, c.subscriber);
    expect(c.types().at(-1)).toBe('RUN_ERROR');
    const runError = c.events.find((e) => e.type === 'RUN_ERROR') as unknown as { code: string; message: string };
    expect(runError.code).toBe('AS_LLM_HTTP');
    expect(runError.message).toContain('500');
  });
});
