import { llmConnectionLost, llmConnectionLostError, llmHttpError, redactUrl, redactUrlsIn, RuntimeError, type ErrorSite } from '@agentspec/runtime';
import { AISDKError, APICallError, LoadAPIKeyError } from 'ai';

const name = (e: unknown): string => (typeof e === 'object' && e !== null ? String((e as { name?: unknown }).name ?? '') : '');
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function isTimeout(e: unknown): boolean {
  return name(e) === 'TimeoutError' || /timeout|timed out/i.test(message(e));
}

/**
 * The coded error of an AI SDK failure (DESIGN §4.1): HTTP errors (after the
 * AI SDK's retries) are AS_LLM_HTTP, timeouts AS_LLM_TIMEOUT, an aborted
 * signal AS_CANCELLED, malformed answers AS_LLM_RESPONSE. Errors that are not
 * the AI SDK's (a RuntimeError of a tool, a bug) are returned unchanged.
 */
export function toRuntimeError(e: unknown, site: ErrorSite, signal?: AbortSignal): unknown {
  if (RuntimeError.isInstance(e)) return e;
  if (signal?.aborted) return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
  if (name(e) === 'AI_RetryError') {
    const last = (e as { lastError?: unknown }).lastError;
    return last === undefined ? new RuntimeError('AS_LLM_HTTP', message(e), site, { cause: e }) : toRuntimeError(last, site, signal);
  }
  if (APICallError.isInstance(e)) {
    // a stream or body cut half-way (the AI SDK says "Failed to process successful response", status 200): not delivered
    if (llmConnectionLost(e)) return llmConnectionLostError(e, site);
    if (e.statusCode === undefined) return new RuntimeError('AS_LLM_HTTP', `cannot reach ${redactUrl(e.url)}: ${redactUrlsIn(e.message)}`, site, { cause: e });
    return llmHttpError(e.statusCode, typeof e.responseBody === 'string' ? e.responseBody : e.message, site, e);
  }
  if (isTimeout(e)) return new RuntimeError('AS_LLM_TIMEOUT', `the LLM did not answer in time: ${message(e)}`, site, { cause: e, hint: 'raise llm.timeoutMs' });
  if (name(e) === 'AbortError') return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
  if (LoadAPIKeyError.isInstance(e)) return new RuntimeError('AS_LLM_HTTP', e.message, site, { cause: e, hint: 'set OPENAI_API_KEY or pass llm.apiKey' });
  if (AISDKError.isInstance(e)) return new RuntimeError('AS_LLM_RESPONSE', `the AI SDK could not use the LLM answer: ${e.message}`, site, { cause: e });
  return e;
}

/** The error of a stream that was aborted (`abort` part): a timeout unless the caller's signal fired. */
export function abortError(reason: string | undefined, site: ErrorSite, signal?: AbortSignal): RuntimeError {
  if (signal?.aborted) return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site);
  return new RuntimeError('AS_LLM_TIMEOUT', `the LLM did not answer in time${reason ? `: ${reason}` : ''}`, site, { hint: 'raise llm.timeoutMs' });
}
