import { MaxTurnsExceededError, ModelBehaviorError } from '@openai/agents';
import { llmConnectionLost, llmConnectionLostError, llmHttpError, openAiErrorBody, RuntimeError, type ErrorSite } from '@agentspec/runtime';

/** The errors an error wraps: `cause`, and `error` of ToolCallError / GuardrailExecutionError (the SDK's and ours). */
export function* chain(e: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let x = e; x !== undefined && x !== null && !seen.has(x); ) {
    seen.add(x);
    yield x;
    const o = x as { cause?: unknown; error?: unknown };
    x = o.error instanceof Error ? o.error : o.cause;
  }
}

/**
 * A failed SDK run as a coded RuntimeError (DESIGN §4.1): a RuntimeError thrown
 * inside (by a tool) is kept; turns exhausted → AS_MAX_ITERATIONS; calls of
 * unknown tools → AS_TOOL_CALL_INVALID; errors of the `openai` client →
 * AS_LLM_TIMEOUT / AS_LLM_HTTP / AS_CANCELLED (an answer whose body or
 * stream outlasted the time limit: AS_LLM_TIMEOUT). Anything else is returned as it is.
 */
export function toRuntimeError(e: unknown, site: ErrorSite, signal?: AbortSignal): unknown {
  for (const x of chain(e)) if (RuntimeError.isInstance(x)) return x;
  if (signal?.aborted) return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
  if (e instanceof MaxTurnsExceededError) {
    return new RuntimeError('AS_MAX_ITERATIONS', `the agent used up its LLM turns (${e.message})`, site, { hint: 'raise limits.maxAgentSteps', cause: e });
  }
  if (e instanceof ModelBehaviorError && / not found/.test(e.message)) return new RuntimeError('AS_TOOL_CALL_INVALID', e.message, site, { cause: e });
  for (const x of chain(e)) {
    const err = x as { name?: string; status?: unknown; message?: string };
    // the `openai` client's errors are told apart by class (their `name` is 'Error')
    const kind = (x as object).constructor?.name ?? err.name;
    const llmSite = { ...site };
    // a TimeoutError DOMException: the time limit over the answer's body or stream (the fetch's, providerFetch) ran out
    if (kind === 'APIConnectionTimeoutError' || kind === 'ModelTimeoutError' || err.name === 'TimeoutError') {
      return new RuntimeError('AS_LLM_TIMEOUT', `the LLM endpoint did not answer in time: ${err.message ?? ''}`, llmSite, { cause: e });
    }
    if (kind === 'APIUserAbortError' || err.name === 'AbortError') return new RuntimeError('AS_CANCELLED', 'the run was cancelled', llmSite, { cause: e });
    if (typeof err.status === 'number') {
      return llmHttpError(err.status, openAiErrorBody(x, err.message ?? ''), llmSite, e);
    }
    if (kind === 'APIConnectionError') {
      return llmConnectionLost(x) ? llmConnectionLostError(e, llmSite) : new RuntimeError('AS_LLM_HTTP', `cannot reach the LLM endpoint: ${err.message ?? ''}`, llmSite, { cause: e });
    }
  }
  if (llmConnectionLost(e)) return llmConnectionLostError(e, site);
  if (e instanceof ModelBehaviorError) return new RuntimeError('AS_LLM_RESPONSE', `malformed answer from the LLM: ${e.message}`, site, { cause: e });
  return e;
}
