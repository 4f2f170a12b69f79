import { ledgerFetch } from '../session/ledger.js';
import { specRetryable, specRetryDelayMs, type SpecRetryPolicy } from './spec-retry-policy.js';
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
  /** The spec's `retry_policy` of the LLM config (Agent Spec 26.1.2): when given, it decides which failures are retried,
   * how often and how long to wait (Retry-After still honoured up to `maxRetryAfterMs`); see `llmRetryOptions`. */
  readonly policy?: SpecRetryPolicy;
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
  const spec = options.policy;
  const retries = Math.max(0, spec ? spec.max_attempts : options.retries ?? DEFAULT_LLM_RETRIES);
  const policy = llmRetryPolicy(options);
  const timeoutMs = spec?.request_timeout ? spec.request_timeout * 1000 : undefined;
  const retrying = async (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]): Promise<Response> => {
    // A streamed request body cannot be sent twice.
    const replayable = init?.body === undefined || init.body === null || typeof init.body === 'string' || init.body instanceof URLSearchParams || init.body instanceof ArrayBuffer || ArrayBuffer.isView(init.body);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries || !replayable;
      let response: Response;
      try {
        response = await (timeoutMs === undefined ? base(input, init) : withTimeout(base, input, init, timeoutMs));
      } catch (e) {
        // a cancelled request is final, and so is a timed-out one unless the spec's request_timeout timed it out
        if (last || signal?.aborted || (isAbort(e) && !(e instanceof AttemptTimeout))) throw e instanceof AttemptTimeout ? e.cause : e;
        await sleep(spec ? specRetryDelayMs(spec, attempt, undefined) : retryDelayMs(attempt, {}, policy) ?? 0, signal);
        continue;
      }
      if (last || response.ok) return response;
      const delay = spec ? await specDelay(spec, attempt, response, policy.maxRetryAfterMs) : response.status === 429 || response.status >= 500
        ? retryDelayMs(attempt, { status: response.status, retryAfter: retryAfterHeader(response) }, policy)
        : undefined;
      if (delay === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay, signal);
    }
  };
  return ledgerFetch(retrying as Fetch);
}

/** The wait before retrying a failed response under the spec's policy; undefined when it is not retried. */
async function specDelay(spec: SpecRetryPolicy, attempt: number, response: Response, maxRetryAfterMs: number): Promise<number | undefined> {
  const codes = spec.recoverable_statuses[String(response.status)];
  const errorCode = codes && codes.length > 0 ? await errorCodeOf(response) : undefined;
  if (!specRetryable(spec, response.status, errorCode)) return undefined;
  const header = retryAfterHeader(response);
  const after = header === null ? undefined : parseRetryAfter(header);
  if (after === undefined) return specRetryDelayMs(spec, attempt, response.status);
  return after <= maxRetryAfterMs ? after : undefined;
}

/** The textual code of an error response (`error.code` or `error.type` of OpenAI-style bodies), read from a copy. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown; type?: unknown } };
    const code = body.error?.code ?? body.error?.type;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** An attempt that the spec's `request_timeout` ended (retried like a network error). */
class AttemptTimeout extends Error {
  override readonly name = 'TimeoutError';
}

async function withTimeout(base: Fetch, input: Parameters<Fetch>[0], init: Parameters<Fetch>[1], ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no response within ${ms} ms`, 'TimeoutError')), ms);
  const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  try {
    return await base(input, { ...init, signal });
  } catch (e) {
    if (controller.signal.aborted && !init?.signal?.aborted) throw new AttemptTimeout(`no response within ${ms} ms`, { cause: e });
    throw e;
  } finally {
    clearTimeout(timer);
  }
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
