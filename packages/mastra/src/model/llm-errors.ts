import { connectionFailure, llmConnectionLost, llmConnectionLostError, llmHttpError, RuntimeError, type ErrorSite } from '@agentspec/runtime';

interface ErrorLike {
  readonly name?: string;
  readonly message?: string;
  readonly code?: unknown;
  readonly statusCode?: number;
  readonly responseBody?: unknown;
  readonly cause?: unknown;
  readonly lastError?: unknown;
  readonly errors?: unknown;
}

/** The errors an error wraps, outermost first (Mastra and the AI SDK wrap causes several levels deep). */
function chain(e: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  const seen = new Set<unknown>();
  let cur: unknown = e;
  while (cur && typeof cur === 'object' && !seen.has(cur) && out.length < 10) {
    seen.add(cur);
    const err = cur as ErrorLike;
    out.push(err);
    cur = err.lastError ?? err.cause;
  }
  return out;
}

/**
 * A RuntimeError for what an LLM call through Mastra threw (DESIGN §11):
 * HTTP errors and unreachable endpoints → AS_LLM_HTTP, timeouts → AS_LLM_TIMEOUT, malformed answers →
 * AS_LLM_RESPONSE, aborts → AS_CANCELLED. Runtime errors pass through.
 */
export function llmError(e: unknown, site: ErrorSite, signal?: AbortSignal): RuntimeError {
  const errors = chain(e);
  for (const err of errors) if (RuntimeError.isInstance(err)) return err as RuntimeError;
  const message = (errors[0]?.message ?? String(e)).slice(0, 500);
  if (errors.some((err) => err.name === 'TimeoutError')) return new RuntimeError('AS_LLM_TIMEOUT', `the LLM did not answer in time: ${message}`, site, { cause: e });
  // a stream or body cut half-way (the AI SDK under Mastra says HTTP 200, "Failed to process successful response"): not delivered
  if (!signal?.aborted && errors.some((err) => llmConnectionLost(err))) return llmConnectionLostError(e, site);
  const http = errors.find((err) => typeof err.statusCode === 'number');
  if (http) return llmHttpError(http.statusCode as number, typeof http.responseBody === 'string' ? http.responseBody : http.message ?? '', site, e);
  if (signal?.aborted || errors.some((err) => err.name === 'AbortError')) return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
  // a request that never reached the endpoint (connection refused, unknown host) is an HTTP failure, as on every runtime
  const unreachable = connectionFailure(e);
  if (unreachable) return new RuntimeError('AS_LLM_HTTP', `cannot reach the LLM endpoint (${unreachable}): ${message}`, site, { cause: e });
  return new RuntimeError('AS_LLM_RESPONSE', `the LLM call failed: ${message}`, site, { cause: e });
}
