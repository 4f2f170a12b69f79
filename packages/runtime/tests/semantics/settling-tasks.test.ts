/**
 * SettlingTasks: runBounded's rule for tasks a framework starts itself — all
 * at once here, as LangGraph starts the tasks of a step.
 */
import { describe, expect, it } from 'vitest';
import { SettlingTasks } from '../../src/index.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Start every task at once (as a framework does) and settle them all: each one's result or error. */
async function startAll(group: SettlingTasks, tasks: readonly (() => Promise<string>)[], passes?: (e: unknown) => boolean) {
  const failuresSeen: string[] = [];
  const order: string[] = [];
  const settled = await Promise.allSettled(tasks.map((t, i) => group.run(i, t, { ...(passes ? { passes } : {}), onFailure: (e) => failuresSeen.push((e as Error).message) }).then(
    (v) => (order.push(`ok ${i}`), v),
    (e: unknown) => {
      order.push(`threw ${i}`);
      throw e;
    },
  )));
  return { settled, failuresSeen, order };
}

describe('SettlingTasks', () => {
  it('runs at most `width` at once, the others waiting for a lane', async () => {
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      most = Math.max(most, ++running);
      await wait(5);
      running--;
      return name;
    };
    const { settled } = await startAll(new SettlingTasks(2, 'n'), ['a', 'b', 'c', 'd', 'e'].map(task));
    expect(settled.map((s) => (s as PromiseFulfilledResult<string>).value)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
  });

  it('lets the running ones finish and throws the first failure in task order first, whatever the timing', async () => {
    const finished: string[] = [];
    const { settled, failuresSeen, order } = await startAll(new SettlingTasks(8, 'n'), [
      async () => { await wait(40); throw new Error('first (fails last)'); },
      async () => { await wait(20); finished.push('ok'); return 'ok'; },
      async () => { throw new Error('second (fails first)'); },
    ]);
    expect(finished).toEqual(['ok']);
    expect(failuresSeen).toEqual(['second (fails first)', 'first (fails last)']);
    expect(order[0]).toBe('ok 1');
    expect(order[1]).toBe('threw 0');
    expect((settled[0] as PromiseRejectedResult).reason.message).toBe('first (fails last)');
    expect((settled[2] as PromiseRejectedResult).reason.message).toBe('second (fails first)');
  });

  it('names the group failure (the first failure in task order) for frameworks that record the first in time', async () => {
    const group = new SettlingTasks(8, 'n');
    expect(group.firstFailure()).toBeUndefined();
    const seen: unknown[] = [];
    await Promise.allSettled([
      group.run(0, async () => { await wait(30); throw new Error('first in order'); }).catch((e: unknown) => { seen.push(group.firstFailure()?.error); throw e; }),
      group.run(1, async () => { throw new Error('first in time'); }).catch((e: unknown) => { seen.push(group.firstFailure()?.error); throw e; }),
    ]);
    expect(seen.map((e) => (e as Error).message)).toEqual(['first in order', 'first in order']);
  });

  it('starts no task once one failed: waiting tasks do not run, and all settle (one lane, four tasks started at once)', async () => {
    const ran: number[] = [];
    const task = (i: number) => async () => {
      ran.push(i);
      await wait(2);
      if (i === 1) throw new Error('task 1 broke');
      return String(i);
    };
    const { settled, order } = await startAll(new SettlingTasks(1, 'map'), [0, 1, 2, 3].map(task));
    expect(ran).toEqual([0, 1]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(order.indexOf('threw 1')).toBeLessThan(order.indexOf('threw 2'));
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'AS_CANCELLED', site: { node: 'map' } });
  });

  it('passes an error that is no failure (a pause) through at once, without stopping the others', async () => {
    class Pause extends Error {}
    const { settled, failuresSeen, order } = await startAll(new SettlingTasks(4, 'n'), [
      async () => { throw new Pause('waiting for the user'); },
      async () => { await wait(10); return 'b'; },
    ], (e) => e instanceof Pause);
    expect(order).toEqual(['threw 0', 'ok 1']);
    expect(failuresSeen).toEqual([]);
    expect(settled[1]).toMatchObject({ status: 'fulfilled', value: 'b' });
  });
});
