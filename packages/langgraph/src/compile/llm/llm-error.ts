import { llmConnectionLost, llmConnectionLostError, llmHttpError, openAiErrorBody, RuntimeError, type ErrorSite } from '@agentspec/runtime';

/** An error of a chat model call as a coded runtime error (DESIGN §4.1). */
export function toLlmError(e: unknown, site: ErrorSite): RuntimeError {
  if (RuntimeError.isInstance(e)) return e as RuntimeError;
  const err = e as { name?: string; message?: string; status?: unknown; constructor?: { name?: string } };
  const message = err?.message ?? String(e);
  if (err?.name === 'TimeoutError') return new RuntimeError('AS_LLM_TIMEOUT', `the LLM endpoint did not answer in time: ${message}`, site, { cause: e });
  if (err?.name === 'AbortError') return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
  if (typeof err?.status === 'number') {
    return llmHttpError(err.status, openAiErrorBody(e, message), site, e);
  }
  if (llmConnectionLost(e)) return llmConnectionLostError(e, site);
  if (err?.constructor?.name === 'APIConnectionError') {
    return new RuntimeError('AS_LLM_HTTP', `cannot reach the LLM endpoint: ${message}`, site, { cause: e });
  }
  return new RuntimeError('AS_LLM_RESPONSE', `malformed answer from the LLM endpoint: ${message.slice(0, 300)}`, site, { cause: e });
}
