type Caller = AbortSignal | null | undefined;

/**
 * The abort signal of one attempt — an HTTP call, an LLM request, an agent
 * run — on one controller of ours: the callers' signals (cancellation)
 * followed by listeners, and an optional time limit as a timer that aborts it
 * with a `TimeoutError`. `end()` clears the timer and removes the listeners,
 * so nothing of the attempt is kept once it is over: an `AbortSignal.timeout`
 * or `AbortSignal.any` per attempt would be kept, with what fetch hangs on it,
 * until its timer fires (a soak of 2,000 sessions measured kilobytes a
 * session). The reference backend, the HTTP tools, the provider fetch of
 * every framework, the OpenAI Agents lean client and Mastra's agent runs all
 * use this one.
 */
export class AttemptSignal {
  readonly #controller = new AbortController();
  readonly #callers: readonly AbortSignal[];
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;
  readonly #cancel = (event: Event): void => this.#controller.abort((event.target as AbortSignal).reason);

  /** `callers`: the signals whose abort cancels the attempt (with their reason); `timeoutMs`: its time limit, none when undefined. */
  constructor(callers: Caller | readonly Caller[], timeoutMs?: number) {
    const list = (Array.isArray(callers) ? callers : [callers]) as readonly Caller[];
    this.#callers = list.filter((s): s is AbortSignal => s !== null && s !== undefined);
    for (const s of this.#callers) {
      if (s.aborted) {
        this.#controller.abort(s.reason);
        break;
      }
      s.addEventListener('abort', this.#cancel, { once: true });
    }
    if (timeoutMs !== undefined && !this.#controller.signal.aborted) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        this.#controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
      }, timeoutMs);
    }
  }

  /** The signal to hand to fetch (or to a framework's run). */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Whether the time limit ended the attempt (not a caller). */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** The attempt is over: its timer cleared, the callers' listeners removed. Safe to call more than once. */
  end(): void {
    clearTimeout(this.#timer);
    for (const s of this.#callers) s.removeEventListener('abort', this.#cancel);
  }
}
