import { ledgerFetch } from '../session/ledger.js';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs, type RetryPolicy } from '../http/http-retry-policy.js';

/** Retries of an LLM request after the first attempt (`llm.retries`). */
export const DEFAULT_LLM_RETRIES = 2;

/** How LLM requests are retried: one policy for every runtime (DESIGN §2.1). */
export interface LlmRetryOptions {
  /** Retries after the first attempt on 429, 5xx and network errors (default 2). */
  readonly retries?: number;
  /** A Retry-After (or retry-after-ms) up to this many milliseconds is waited for; a longer one ends the retries and the
   * response goes back as it is, failing the run with AS_LLM_HTTP (default 10 000). */
  readonly maxRetryAfterMs?: number;
}

/** The retry policy of LLM requests: short doubling backoff, Retry-After honoured up to the cap. */
export function llmRetryPolicy(options: LlmRetryOptions = {}): RetryPolicy {
  return { baseMs: 50, capMs: 1_000, maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs };
}

type Fetch = typeof globalThis.fetch;

/**
 * A `fetch` for the LLM clients of every runtime (the reference backend,
 * ChatOpenAI, the AI SDK providers, the OpenAI client of the Agents SDK,
 * Mastra's models), so that one retry policy holds everywhere: 429, 5xx and
 * network errors are retried `retries` times; the server's Retry-After
 * (seconds or a date) or `retry-after-ms` is honoured up to
 * `maxRetryAfterMs`, beyond which the response is returned at once; otherwise
 * a doubling backoff. A cancelled request is never retried. The clients' own
 * retries must be off (`maxRetries: 0`), or both would retry. Inside a
 * session run, answers go through the session's exactly-once ledger
 * (`ledgerFetch`): a request asked again after a failure or a crash gets the
 * recorded answer.
 */
export function retryingFetch(options: LlmRetryOptions = {}, base: Fetch = globalThis.fetch): Fetch {
  const retries = Math.max(0, options.retries ?? DEFAULT_LLM_RETRIES);
  const policy = llmRetryPolicy(options);
  const retrying = async (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]): Promise<Response> => {
    // A streamed request body cannot be sent twice.
    const replayable = init?.body === undefined || init.body === null || typeof init.body === 'string' || init.body instanceof URLSearchParams || init.body instanceof ArrayBuffer || ArrayBuffer.isView(init.body);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries || !replayable;
      let response: Response;
      try {
        response = await base(input, init);
      } catch (e) {
        // a cancelled or timed-out request is final
        if (last || signal?.aborted || isAbort(e)) throw e;
        await sleep(retryDelayMs(attempt, {}, policy) ?? 0, signal);
        continue;
      }
      if (last || (response.status !== 429 && response.status < 500)) return response;
      const delay = retryDelayMs(attempt, { status: response.status, retryAfter: retryAfterHeader(response) }, policy);
      if (delay === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay, signal);
    }
  };
  return ledgerFetch(retrying as Fetch);
}

function isAbort(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** `retry-after-ms` (OpenAI's, milliseconds) as a Retry-After value in seconds, else Retry-After itself. */
function retryAfterHeader(response: Response): string | null {
  const ms = response.headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return String(Number(ms) / 1000);
  const header = response.headers.get('retry-after');
  return header !== null && parseRetryAfter(header) !== undefined ? header : null;
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
