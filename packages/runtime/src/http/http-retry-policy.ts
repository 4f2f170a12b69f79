/** Retries of an ApiNode / RemoteTool call after the first attempt (`limits.http.retries`). */
export const DEFAULT_HTTP_RETRIES = 2;
/** Time allowed to one attempt, body included (`limits.http.timeoutMs`). */
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;

/** How retries are spaced. */
export interface RetryPolicy {
  /** Delay before the first retry; doubled for each further one (default 100 ms). */
  readonly baseMs: number;
  /** Upper bound of the exponential delay (default 2 s). */
  readonly capMs: number;
  /** A Retry-After up to this is honoured; a longer one ends the retries (default 10 s). */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 100, capMs: 2_000, maxRetryAfterMs: 10_000 };

/** What went wrong with one attempt: a network error (no status) or a response status. */
export interface AttemptFailure {
  readonly status?: number;
  /** The Retry-After header of the response, if any. */
  readonly retryAfter?: string | null;
}

/** Network errors, 429 and 5xx are worth retrying; other statuses are final. */
export function isRetryable(failure: AttemptFailure): boolean {
  return failure.status === undefined || failure.status === 429 || failure.status >= 500;
}

/**
 * Milliseconds to wait before retry number `attempt + 1` (attempt 0 is the
 * first call), or undefined when the failure must not be retried: statuses
 * other than 429/5xx, or a Retry-After longer than `maxRetryAfterMs`.
 * Exponential backoff otherwise (`baseMs · 2^attempt`, capped), or the
 * Retry-After delay when the server gives one.
 */
export function retryDelayMs(attempt: number, failure: AttemptFailure, policy: RetryPolicy = DEFAULT_RETRY_POLICY, now: number = Date.now()): number | undefined {
  if (!isRetryable(failure)) return undefined;
  const backoff = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt));
  const after = parseRetryAfter(failure.retryAfter, now);
  if (after === undefined) return backoff;
  return after <= policy.maxRetryAfterMs ? after : undefined;
}

/** A Retry-After header (delay in seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
