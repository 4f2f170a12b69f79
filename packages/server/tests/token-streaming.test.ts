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

describe('AG-UI text streamed token by token on every runtime', () => {
  it.each(ADAPTER_NAMES)('%s: the scripted reply arrives in several TEXT_MESSAGE_CONTENT events of one message', async (runtime) => {
    const agent = new HttpAgent({ url: `${served.server.url}/ag-ui`, threadId: `stream-${runtime}` });
    const events: BaseEvent[] = [];
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: 'hello' });
    const run = await agent.runAgent({ forwardedProps: { runtime } }, { onEvent: ({ event }) => void events.push(event) });
    const content = events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT') as unknown as { messageId: string; delta: string }[];
    expect(content.length).toBeGreaterThanOrEqual(2);
    expect(new Set(content.map((e) => e.messageId)).size).toBe(1);
    expect(content.map((e) => e.delta).join('')).toBe('Hello there, how can I help you today?');
    // the whole reply once: not streamed, then sent again at the end
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_START')).toHaveLength(1);
    expect(run.newMessages.at(-1)?.content).toBe('Hello there, how can I help you today?');
  });
});
