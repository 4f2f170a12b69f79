import { setImmediate as nextTurn } from 'node:timers/promises';
import { RuntimeError } from '../errors.js';

/**
 * `runBounded`'s rule (DESIGN §4.2, Parallelization) for the tasks of one
 * ParallelFlowNode or ParallelMapNode when a framework starts them itself
 * (LangGraph's tasks of a step, Mastra's `.foreach` / `.parallel()`): at
 * most `width` run at once, the others wait for a lane; when one fails, no
 * new one starts, the running ones finish, and then the first failure in
 * task order is thrown — a turn after the last one stopped (for the
 * framework's stream to take what the others wrote), the other failures and
 * the tasks that did not start a turn after that, once the framework has
 * taken the first as the step's error. Whatever the timing, the same error,
 * and no work left running behind the node.
 *
 * A framework that fails a step at its first failed task and aborts the
 * others gets, through this, the reference runtime's behaviour: every task
 * runs through `run`, and the group lives as long as the step.
 */
export class SettlingTasks {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly failures = new Map<number, unknown>();
  private failed: { readonly promise: Promise<void>; readonly resolve: () => void } | undefined;

  /** `width`: how many tasks run at once at most (limits.parallelism); `node`: the node, named by the error of a task that did not start. */
  constructor(
    private readonly width: number,
    private readonly node: string,
  ) {}

  /**
   * Run task `index`. `passes(e)`: an error that is no failure of the task (a
   * pause, a cancelled run) — thrown at once. `onFailure(e)`: told of the
   * task's failure when it happens (its trace event).
   */
  async run<T>(index: number, task: () => Promise<T>, options: { readonly passes?: (e: unknown) => boolean; readonly onFailure?: (e: unknown) => void } = {}): Promise<T> {
    if (this.running >= this.width && !this.failed) await new Promise<void>((wake) => this.waiting.push(wake));
    if (this.failed) {
      // another task failed before this one started: it does not start
      await this.failing(undefined);
      throw new RuntimeError('AS_CANCELLED', 'not started: another task of the node failed', { node: this.node });
    }
    this.running += 1;
    let result: T;
    try {
      result = await task();
    } catch (e) {
      if (options.passes?.(e)) {
        this.stopped();
        throw e;
      }
      options.onFailure?.(e);
      this.failures.set(index, e);
      this.failed ??= withResolvers();
      // the tasks waiting for a lane will not start: each goes to wait for the failure
      for (const wake of this.waiting.splice(0)) wake();
      this.stopped();
      await this.failing(index);
      throw e;
    }
    this.stopped();
    return result;
  }

  /**
   * The group's failure once it failed: the first failed task's error in task
   * order (undefined before any failure). A framework that records whichever
   * task fails first in time (Mastra's `.foreach`) throws this from every
   * failed task, so that it records this one.
   */
  firstFailure(): { readonly error: unknown } | undefined {
    if (this.failures.size === 0) return undefined;
    return { error: this.failures.get(Math.min(...this.failures.keys())) };
  }

  /** A task stopped running: a waiting one takes its lane; after a failure, when none runs any more, the failed tasks may throw. */
  private stopped(): void {
    this.running -= 1;
    this.waiting.shift()?.();
    if (this.running === 0) this.failed?.resolve();
  }

  /** Wait until the group may fail: the first failure in task order a turn after the last task stopped, every other task (`index` another failure's, or none) a turn later. */
  private async failing(index: number | undefined): Promise<void> {
    await this.failed?.promise;
    await nextTurn();
    if (index !== Math.min(...this.failures.keys())) await nextTurn();
  }
}

function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
