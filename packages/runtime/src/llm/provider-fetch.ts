import type { LlmOptions } from '../contract.js';
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
 * The time limit is a timer of ours, cleared once the answer has been read
 * (or cancelled), and the caller's signal is followed with a listener removed
 * then: an `AbortSignal.timeout` or `AbortSignal.any` per request would keep
 * each request's signals, and what fetch hangs on them, until its timer fires
 * (a minute), which a soak of 2,000 sessions measured at kilobytes a session.
 */
export function providerFetch(config: unknown, llm: LlmOptions, extra?: Readonly<Record<string, unknown>>): Fetch {
  const { timeoutMs } = llm;
  const timed: Fetch = timeoutMs === undefined ? (input, init) => fetch(input, init) : (input, init) => timedAttempt(input, init, timeoutMs);
  const attempt: Fetch = !extra ? timed : (input, init) => timed(input, typeof init?.body === 'string' ? { ...init, body: withExtra(init.body, extra) } : init);
  return retryingFetch(llmRetryOptions(config, llm), attempt);
}

/** One attempt within `ms`, its answer's body included: the timer and the caller's listener end with the body. */
async function timedAttempt(input: Parameters<Fetch>[0], init: Parameters<Fetch>[1], ms: number): Promise<Response> {
  const controller = new AbortController();
  const caller = init?.signal ?? undefined;
  const onAbort = (): void => controller.abort(caller?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  const done = (): void => {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onAbort);
  };
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    response = await fetch(input, { ...init, signal: controller.signal });
  } catch (e) {
    done();
    throw e;
  }
  if (!response.body) {
    done();
    return response;
  }
  // `cancel`: a reader that gives up on the body (not in every lib's Transformer type, hence not a literal here)
  const ends = { flush: done, cancel: done };
  const body = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(ends));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A JSON request body with `extra`'s fields added where it has none of that name. */
function withExtra(body: string, extra: Readonly<Record<string, unknown>>): string {
  const json = JSON.parse(body) as Record<string, unknown>;
  for (const [k, v] of Object.entries(extra)) if (!(k in json)) json[k] = v;
  return JSON.stringify(json);
}
