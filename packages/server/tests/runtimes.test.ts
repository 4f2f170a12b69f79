import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { ADAPTER_NAMES } from '@agentspec/adapters';
import { ASSISTANT, serve, spec, type Served } from './fixtures.js';

let served: Served;
beforeAll(async () => {
  served = await serve(spec(ASSISTANT), { runtimeNames: ADAPTER_NAMES });
});
afterAll(async () => served.close());

describe('one server, every registered runtime (forwardedProps.runtime)', () => {
  it.each(ADAPTER_NAMES)('%s: a reply, a server tool call, a confirmation interrupt resumed after a restart', async (runtime) => {
    const thread = `rt-${runtime}`;
    const agent = new HttpAgent({ url: `${served.server.url}/ag-ui`, threadId: thread });
    const events: BaseEvent[] = [];
    const sub = { onEvent: ({ event }: { event: BaseEvent }) => void events.push(event) };
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: 'what is the weather?' });
    const first = await agent.runAgent({ forwardedProps: { runtime } }, sub);
    expect(events.at(-1)?.type).toBe('RUN_FINISHED');
    expect(first.newMessages.at(-1)?.content).toBe('It is sunny in Paris today.');
    expect(events.some((e) => e.type === 'TOOL_CALL_START' && (e as unknown as { toolCallName: string }).toolCallName === 'get_forecast')).toBe(true);

    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: 'now delete /tmp/a.txt' });
    await agent.runAgent({ forwardedProps: { runtime } }, sub);
    const interrupt = agent.pendingInterrupts[0];
    expect(interrupt?.reason).toBe('tool_confirmation');
    await served.restart();
    const again = new HttpAgent({ url: `${served.server.url}/ag-ui`, threadId: thread, initialMessages: agent.messages });
    const done = await again.runAgent({ resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: { approved: true } }] }, sub);
    expect(done.newMessages.at(-1)?.content).toBe('Done, the file is gone.');
    expect((await served.store.get(thread))?.runtime).toBe(runtime);
  });
});
