/** How many finished sessions an app keeps in its framework's store: a count (the most recent), or `'all'`. */
export type RetainFinished = number | 'all';

/** Who made the store an app's sessions live in: the runtime (in memory, gone with the app), or the user (named by `checkpointer`). */
export type StoreOwner = 'runtime' | 'user';

/** What the retention lets go of: a session engine that can drop what its framework keeps of it. */
export interface Releasable {
  /** Drop this finished session's records from the framework's store (a LangGraph thread, Mastra workflow runs). */
  release?(): Promise<void>;
}

/**
 * The finished sessions one app keeps in its framework's store (DESIGN §11):
 * the kernel reports each session that finishes; once more than `retain` are
 * kept, the oldest is released — its engine deletes what the framework kept
 * of it. A released session still answers `messages` and `save()` (the kernel
 * keeps its last status), and running it is AS_INVALID_STATE as before. With
 * `'all'` nothing is tracked or deleted.
 */
export class FinishedRetention {
  readonly #kept: Releasable[] = [];

  constructor(readonly retain: RetainFinished) {}

  /** How many finished sessions are kept now, waiting to be released. */
  get kept(): number {
    return this.#kept.length;
  }

  /** A session finished: keep it, and release the oldest kept ones beyond `retain`. */
  async finished(engine: Releasable): Promise<void> {
    if (this.retain === 'all' || !engine.release) return;
    this.#kept.push(engine);
    while (this.#kept.length > this.retain) {
      const oldest = this.#kept.shift() as Releasable;
      // the session finished whatever its store answers: a record that cannot be deleted stays, as without pruning
      await oldest.release?.().catch(() => undefined);
    }
  }
}

/**
 * The retention of one loaded app: the load option `retainFinished` when
 * given; else none kept (0) when the runtime made the store — its in-memory
 * default would otherwise grow with every session the app ever ran — and all
 * kept when the user named it (a file, a database, a saver or store object
 * they own and prune).
 */
export function finishedRetention(retainFinished: RetainFinished | undefined, store: StoreOwner): FinishedRetention {
  return new FinishedRetention(retainFinished ?? (store === 'runtime' ? 0 : 'all'));
}
