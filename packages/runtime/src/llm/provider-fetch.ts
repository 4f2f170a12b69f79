import type { LlmOptions } from '../contract.js';
import { AttemptSignal } from '../http/attempt-signal.js';
import { isJsonContentType } from '../http/decode-http-body.js';
import { retryingFetch } from './retrying-fetch.js';
import { llmRetryOptions } from './spec-retry-policy.js';

type Fetch = typeof globalThis.fetch;

/** Time allowed to one LLM request, its answer included, when `llm.timeoutMs` is not given: the same on every runtime. */
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

/**
 * The `fetch` given to a framework's LLM provider (the AI SDK's providers,
 * Mastra's models, LangGraph's ChatOpenAI, the OpenAI Agents client): the
 * runtime's one retry policy and exactly-once ledger (`retryingFetch`) around
 * each attempt; each attempt limited to `llm.timeoutMs` (none when unset) for
 * its whole exchange, the answer's body or stream included, so that a stream
 * that stalls times out too (a `TimeoutError`, not retried); and `extra` —
 * the config's generation parameters the provider has no option for — added
 * to its JSON body as the reference runtime sends them (a field the provider
 * wrote wins).
 *
 * A JSON answer is read whole within the limit and handed on as a copy; a
 * stream is piped through to its reader, the limit ending with it.
 *
 * The time limit and the caller's cancellation are an `AttemptSignal`, ended
 * once the answer has been read (or cancelled).
 */
export function providerFetch(config: unknown, llm: LlmOptions, extra?: Readonly<Record<string, unknown>>): Fetch {
  const { timeoutMs } = llm;
  const timed: Fetch = timeoutMs === undefined ? (input, init) => fetch(input, init) : (input, init) => timedAttempt(input, init, timeoutMs);
  const attempt: Fetch = !extra ? timed : (input, init) => timed(input, typeof init?.body === 'string' ? { ...init, body: withExtra(init.body, extra) } : init);
  return retryingFetch(llmRetryOptions(config, llm), attempt);
}

/** One attempt within `ms`, its answer's body included: the timer and the caller's listener end with the body. */
async function timedAttempt(input: Parameters<Fetch>[0], init: Parameters<Fetch>[1], ms: number): Promise<Response> {
  const attempt = new AttemptSignal(init?.signal, ms);
  const done = (): void => attempt.end();
  let response: Response;
  try {
    response = await fetch(input, { ...init, signal: attempt.signal });
  } catch (e) {
    done();
    throw e;
  }
  if (!response.body) {
    done();
    return response;
  }
  if (isJsonContentType(response.headers.get('content-type'))) return readWhole(response, init?.signal, done);
  // a stream: `cancel`: a reader that gives up on the body (not in every lib's Transformer type, hence not a literal here)
  const ends = { flush: done, cancel: done };
  const body = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(ends));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A JSON answer read whole under the attempt's timer (its client reads it whole anyway), handed on as a copy: no
 * stream piped through another per request. A body that fails half-way (cut, timed out) is handed on as a body that
 * fails with the same error, so its client meets the failure where it would have; but when the caller cancelled
 * (a client's own timeout, which runs until fetch returns), the fetch fails, as fetch does when cancelled before it
 * returns, and the client tells its timeout from a cancellation as it does then.
 */
async function readWhole(response: Response, caller: AbortSignal | null | undefined, done: () => void): Promise<Response> {
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

/** A JSON request body with `extra`'s fields added where it has none of that name. */
function withExtra(body: string, extra: Readonly<Record<string, unknown>>): string {
  const json = JSON.parse(body) as Record<string, unknown>;
  for (const [k, v] of Object.entries(extra)) if (!(k in json)) json[k] = v;
  return JSON.stringify(json);
}
