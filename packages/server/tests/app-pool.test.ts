import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT, serve, spec, type Served } from './fixtures.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('loaded apps kept for later turns (one per runtime, not one per turn)', () => {
  it.each(['reference', 'langgraph', 'mastra'])('%s: sequential turns of several sessions reuse one app; a timed-out turn\'s app is dropped', async (runtime) => {
    served = await serve(spec(ASSISTANT), { runtimeNames: [runtime], guards: { runTimeoutMs: 1000 } });
    const host = served.server.sessions;
    for (const id of ['a', 'b', 'c']) {
      const r = await host.turn({ threadId: id, userMessage: 'what is the weather?' });
      expect(r.status.messages.at(-1)?.content).toBe('It is sunny in Paris today.');
    }
    const again = await host.turn({ threadId: 'a', userMessage: 'hello' });
    expect(again.status.messages.at(-1)?.content).toBe('Hello there, how can I help you today?');
    expect(host.apps.loads).toBe(1);

    // a turn stopped by its timeout aborted its app's signal: that app is closed, the next turn loads another
    await expect(host.turn({ threadId: 'slow', userMessage: 'be slow' })).rejects.toMatchObject({ code: 'AS_TIMEOUT' });
    const after = await host.turn({ threadId: 'd', userMessage: 'hello' });
    expect(after.status.messages.at(-1)?.content).toBe('Hello there, how can I help you today?');
    expect(host.apps.loads).toBe(2);
  });

  it('maxIdleApps: 0 loads the spec on every turn', async () => {
    served = await serve(spec(ASSISTANT), { maxIdleApps: 0 });
    for (const id of ['a', 'b']) await served.server.sessions.turn({ threadId: id, userMessage: 'hello' });
    expect(served.server.sessions.apps.loads).toBe(2);
  });

  it('concurrent turns each get an app of their own, kept afterwards for the next ones', async () => {
    served = await serve(spec(ASSISTANT), { runtimeNames: ['langgraph'] });
    const host = served.server.sessions;
    const replies = await Promise.all(['p', 'q', 'r'].map((id) => host.turn({ threadId: id, userMessage: 'what is the weather?' })));
    expect(replies.map((r) => r.status.messages.at(-1)?.content)).toEqual(Array(3).fill('It is sunny in Paris today.'));
    const loads = host.apps.loads;
    expect(loads).toBeLessThanOrEqual(3);
    await Promise.all(['p', 'q', 'r'].map((id) => host.turn({ threadId: id, userMessage: 'hello' })));
    expect(host.apps.loads).toBe(loads);
  });
});
