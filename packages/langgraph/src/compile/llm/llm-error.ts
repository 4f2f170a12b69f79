import type { RetryPolicy } from '@langchain/langgraph';
import { RuntimeError, type ErrorSite } from '@agentspec/runtime';

const retryable = new WeakSet<object>();

/** An error of a chat model call as a coded runtime error (DESIGN §4.1). */
export function toLlmError(e: unknown, site: ErrorSite): RuntimeError {
  if (RuntimeError.isInstance(e)) return e as RuntimeError;
  const err = e as { name?: string; message?: string; status?: unknown; constructor?: { name?: string } };
  const message = err?.message ?? String(e);
  if (err?.name === 'TimeoutError') return new RuntimeError('AS_LLM_TIMEOUT', `the LLM endpoint did not answer in time: ${message}`, site, { cause: e });
  if (err?.name === 'AbortError') return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
  if (typeof err?.status === 'number') {
    const coded = new RuntimeError('AS_LLM_HTTP', `the LLM endpoint answered HTTP ${err.status}: ${message.slice(0, 300)}`, site, { cause: e });
    if (err.status === 429 || err.status >= 500) retryable.add(coded);
    return coded;
  }
  if (err?.constructor?.name === 'APIConnectionError') {
    const coded = new RuntimeError('AS_LLM_HTTP', `cannot reach the LLM endpoint: ${message}`, site, { cause: e });
    retryable.add(coded);
    return coded;
  }
  return new RuntimeError('AS_LLM_RESPONSE', `malformed answer from the LLM endpoint: ${message.slice(0, 300)}`, site, { cause: e });
}

export function isRetryableLlmError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && retryable.has(e);
}

/**
 * The RetryPolicy of nodes that call an LLM: 429, 5xx and network errors
 * are retried `retries` times (default 2) with a short doubling backoff; a
 * timed-out request is not.
 */
export function llmRetryPolicy(retries = 2): RetryPolicy {
  return { maxAttempts: Math.max(0, retries) + 1, initialInterval: 50, backoffFactor: 2, maxInterval: 1000, jitter: false, retryOn: isRetryableLlmError, logWarning: false };
}
