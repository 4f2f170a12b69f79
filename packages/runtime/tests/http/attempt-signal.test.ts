import { describe, expect, it } from 'vitest';
import { AttemptSignal } from '../../src/index.js';

/** The abort listeners a signal holds, followed through its own add/remove calls. */
function followed(signal: AbortSignal): Set<unknown> {
  const held = new Set<unknown>();
  const add = signal.addEventListener.bind(signal) as (...args: unknown[]) => void;
  const remove = signal.removeEventListener.bind(signal) as (...args: unknown[]) => void;
  Object.assign(signal, {
    addEventListener: (type: string, listener: unknown, options?: unknown) => {
      held.add(listener);
      add(type, listener, options);
    },
    removeEventListener: (type: string, listener: unknown, options?: unknown) => {
      held.delete(listener);
      remove(type, listener, options);
    },
  });
  return held;
}

describe('AttemptSignal: one attempt\'s cancellation and time limit on one controller', () => {
  it('aborts with a TimeoutError when its time limit passes, and says so', async () => {
    const attempt = new AttemptSignal(undefined, 20);
    await new Promise((resolve) => attempt.signal.addEventListener('abort', resolve, { once: true }));
    expect(attempt.timedOut).toBe(true);
    expect(attempt.signal.reason).toMatchObject({ name: 'TimeoutError', message: 'no answer within 20 ms' });
    attempt.end();
  });

  it('aborts with the reason of whichever caller aborts first; not a timeout', () => {
    const a = new AbortController();
    const b = new AbortController();
    const attempt = new AttemptSignal([a.signal, undefined, b.signal], 60_000);
    b.abort(new Error('stop'));
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.signal.reason).toMatchObject({ message: 'stop' });
    expect(attempt.timedOut).toBe(false);
    attempt.end();
  });

  it('is aborted from the start when a caller already is, with no timer', () => {
    const attempt = new AttemptSignal(AbortSignal.abort(new Error('gone')), 10);
    expect(attempt.signal.reason).toMatchObject({ message: 'gone' });
    attempt.end();
    expect(attempt.timedOut).toBe(false);
  });

  it('keeps nothing once ended: the callers\' listeners are removed and the timer never fires', async () => {
    const caller = new AbortController();
    const held = followed(caller.signal);
    const attempt = new AttemptSignal(caller.signal, 20);
    expect(held.size).toBe(1);
    attempt.end();
    attempt.end();
    expect(held.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(attempt.signal.aborted).toBe(false);
    caller.abort();
    expect(attempt.signal.aborted).toBe(false);
  });
});
