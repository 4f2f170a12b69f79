import { DEFAULT_RETRY_POLICY } from '../http/http-retry-policy.js';
import { DEFAULT_LLM_RETRIES, llmRetryPolicy } from '../llm/retrying-fetch.js';
import type { Snippet } from './snippet.js';

const backoff = llmRetryPolicy();

/**
 * The fetch of an emitted module's LLM client: the same retries as
 * `retryingFetch` of @agentspec/runtime (llm/retrying-fetch.ts,
 * llm/spec-retry-policy.ts, the Retry-After parsing of
 * http/http-retry-policy.ts), without the session ledger (a caller that has
 * one passes a fetch that goes through it): 429, 5xx and network errors are
 * retried `retries` times (default 2) with a short doubling backoff, a
 * Retry-After (or retry-after-ms) honoured up to `maxRetryAfterMs`; the LLM
 * config's `retry_policy`, when it has one, decides instead (which statuses,
 * textual error codes, how often, backoff, jitter, `request_timeout`). A
 * cancelled request is never retried. The framework's own retries must be off.
 */
export const llmFetch: Snippet<'specRetryPolicy'> = {
  declares: [
    'LlmRetryOptions', 'llmFetch', 'llmRetryDelay', 'llmErrorCode', 'llmRetryAfter', 'llmRetryAfterMs', 'llmTimedAttempt', 'llmReadWhole', 'LlmAttemptTimeout', 'llmAttempt', 'llmSleep',
  ],
  needs: ['specRetryPolicy'],
  code: `/** How the LLM requests are retried. */
interface LlmRetryOptions {
  /** Retries after the first attempt on 429, 5xx and network errors (default ${DEFAULT_LLM_RETRIES}); a retry_policy decides instead. */
  readonly retries?: number | undefined;
  /** A Retry-After (or retry-after-ms) up to this many milliseconds is waited for; a longer one ends the retries (default ${DEFAULT_RETRY_POLICY.maxRetryAfterMs}). */
  readonly maxRetryAfterMs?: number | undefined;
  /** The LLM config's retry_policy. */
  readonly policy?: SpecRetryPolicy | undefined;
  /**
   * Each attempt within this many milliseconds, its answer's body or stream included (an answer that stalls half-way
   * fails with a TimeoutError, not retried); no limit when undefined. The client's own timeout stops at the headers.
   */
  readonly timeoutMs?: number | undefined;
}

/**
 * A fetch that sends each LLM request through \`base\` (one attempt each) and retries it: 429, 5xx and network errors
 * \`retries\` times, ${backoff.baseMs} ms doubling up to ${backoff.capMs} ms between attempts, or the server's Retry-After (or retry-after-ms) when
 * not longer than \`maxRetryAfterMs\` (a longer one returns the failed response at once). The retry_policy, when given,
 * decides which failures are retried, how often and how long to wait. A cancelled request is never retried; a request
 * whose body is a stream is not either. The LLM client's own retries must be off. \`timeoutMs\` bounds each attempt with its answer.
 */
function llmFetch(options: LlmRetryOptions, base?: typeof fetch): typeof fetch {
  const through: typeof fetch = base ?? ((input, init) => fetch(input, init));
  const limit = options.timeoutMs;
  const send: typeof fetch = limit === undefined ? through : (input, init) => llmTimedAttempt(through, input, init, limit);
  const spec = options.policy;
  const retries = Math.max(0, spec ? spec.max_attempts : options.retries ?? ${DEFAULT_LLM_RETRIES});
  const maxRetryAfterMs = options.maxRetryAfterMs ?? ${DEFAULT_RETRY_POLICY.maxRetryAfterMs};
  const timeoutMs = spec?.request_timeout ? spec.request_timeout * 1000 : undefined;
  return async (input, init) => {
    const body = init?.body;
    const replayable = body === undefined || body === null || typeof body === 'string' || body instanceof URLSearchParams || body instanceof ArrayBuffer || ArrayBuffer.isView(body);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries || !replayable;
      let response: Response;
      try {
        response = await (timeoutMs === undefined ? send(input, init) : llmAttempt(send, input, init, timeoutMs));
      } catch (e) {
        // a cancelled request is final, and so is a timed-out one unless the retry_policy's request_timeout timed it out
        const name = (e as { name?: unknown } | null)?.name;
        if (last || signal?.aborted || ((name === 'AbortError' || name === 'TimeoutError') && !(e instanceof LlmAttemptTimeout))) throw e instanceof LlmAttemptTimeout ? e.cause : e;
        await llmSleep(spec ? specRetryDelayMs(spec, attempt, undefined) : Math.min(${backoff.capMs}, ${backoff.baseMs} * 2 ** attempt), signal);
        continue;
      }
      if (last || response.ok) return response;
      const delay = await llmRetryDelay(spec, attempt, response, maxRetryAfterMs);
      if (delay === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
      await llmSleep(delay, signal);
    }
  };
}

/** Milliseconds before retrying a failed response; undefined when it is not retried. */
async function llmRetryDelay(spec: SpecRetryPolicy | undefined, attempt: number, response: Response, maxRetryAfterMs: number): Promise<number | undefined> {
  if (spec) {
    const codes = spec.recoverable_statuses[String(response.status)];
    const errorCode = codes && codes.length > 0 ? await llmErrorCode(response) : undefined;
    if (!specRetryable(spec, response.status, errorCode)) return undefined;
  } else if (response.status !== 429 && response.status < 500) {
    return undefined;
  }
  const header = llmRetryAfter(response);
  const after = header === null ? undefined : llmRetryAfterMs(header);
  if (after === undefined) return spec ? specRetryDelayMs(spec, attempt, response.status) : Math.min(${backoff.capMs}, ${backoff.baseMs} * 2 ** attempt);
  return after <= maxRetryAfterMs ? after : undefined;
}

/** The textual code of an error answer (\`error.code\` or \`error.type\` of OpenAI-style bodies), read from a copy. */
async function llmErrorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown; type?: unknown } } | null;
    const code = body?.error?.code ?? body?.error?.type;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** \`retry-after-ms\` (OpenAI's, milliseconds) as a Retry-After in seconds, else a readable Retry-After; null when none. */
function llmRetryAfter(response: Response): string | null {
  const ms = response.headers.get('retry-after-ms');
  if (ms !== null && /^\\d+(\\.\\d+)?$/.test(ms.trim())) return String(Number(ms) / 1000);
  const header = response.headers.get('retry-after');
  return header !== null && llmRetryAfterMs(header) !== undefined ? header : null;
}

/** A Retry-After (seconds, or an HTTP date) in milliseconds from now; undefined when unreadable. */
function llmRetryAfterMs(header: string): number | undefined {
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\\d+(\\.\\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * One attempt within \`ms\`, its answer's body or stream included: a JSON answer read whole, a stream piped through
 * to its reader; a timer cleared once the body has been read (or cancelled), the caller's signal followed by a listener removed then (an AbortSignal.timeout per request would be
 * kept, with what fetch hangs on it, until it fires).
 */
async function llmTimedAttempt(send: typeof fetch, input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1], ms: number): Promise<Response> {
  const controller = new AbortController();
  const caller = init?.signal ?? undefined;
  const onAbort = (): void => controller.abort(caller?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(\`no answer within \${ms} ms\`, 'TimeoutError')), ms);
  const done = (): void => {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onAbort);
  };
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    response = await send(input, { ...init, signal: controller.signal });
  } catch (e) {
    done();
    throw e;
  }
  if (!response.body) {
    done();
    return response;
  }
  const media = response.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (media === 'application/json' || media.endsWith('+json') || media === 'text/json') return llmReadWhole(response, caller, done);
  // a stream: \`cancel\`: a reader that gives up on the body (not in every lib's Transformer type, hence not a literal here)
  const ends = { flush: done, cancel: done };
  const body = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(ends));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A JSON answer read whole under the attempt's timer and handed on as a copy (its client reads it whole anyway); a
 * body that fails half-way is handed on as one that fails with the same error, where its client reads it. When the
 * caller cancelled (the client's own timeout runs until fetch returns), the fetch fails instead, as when cancelled.
 */
async function llmReadWhole(response: Response, caller: AbortSignal | undefined, done: () => void): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  try {
    return new Response(await response.text(), init);
  } catch (e) {
    if (caller?.aborted) throw e;
    return new Response(new ReadableStream({ start: (c) => c.error(e) }), init);
  } finally {
    done();
  }
}

/** An attempt that the retry_policy's request_timeout ended (retried as a network error is). */
class LlmAttemptTimeout extends Error {
  override readonly name = 'TimeoutError';
}

/** One attempt that must have its response within \`ms\`. */
async function llmAttempt(send: typeof fetch, input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1], ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(\`no response within \${ms} ms\`, 'TimeoutError')), ms);
  const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  try {
    return await send(input, { ...init, signal });
  } catch (e) {
    if (controller.signal.aborted && !init?.signal?.aborted) throw new LlmAttemptTimeout(\`no response within \${ms} ms\`, { cause: e });
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** Wait \`ms\`; rejects with the signal's reason when it aborts first. */
function llmSleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}`,
};
