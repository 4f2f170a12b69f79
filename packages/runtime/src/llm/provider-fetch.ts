import type { LlmOptions } from '../contract.js';
import { retryingFetch } from './retrying-fetch.js';
import { llmRetryOptions } from './spec-retry-policy.js';

type Fetch = typeof globalThis.fetch;

/** Time allowed to one LLM request, its answer included, when `llm.timeoutMs` is not given: the same on every runtime. */
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

/**
 * The `fetch` given to a framework's LLM provider (the AI SDK's providers,
 * Mastra's models): the runtime's one retry policy and exactly-once ledger
 * (`retryingFetch`) around each attempt; each attempt limited to
 * `llm.timeoutMs` (none when unset) for its whole exchange, the answer's body
 * or stream included, so that a stream that stalls times out too (a
 * `TimeoutError`, not retried); and `extra` — the config's generation
 * parameters the provider has no option for — added to its JSON body as the
 * reference runtime sends them (a field the provider wrote wins).
 *
 * The time limit is an `AbortSignal.timeout` joined to the caller's signal:
 * nothing has to see the body end to stop a timer, so the answer is handed
 * on as it came (no stream piped through another per request).
 */
export function providerFetch(config: unknown, llm: LlmOptions, extra?: Readonly<Record<string, unknown>>): Fetch {
  const { timeoutMs } = llm;
  const timed: Fetch = timeoutMs === undefined ? (input, init) => fetch(input, init) : (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
  const attempt: Fetch = !extra ? timed : (input, init) => timed(input, typeof init?.body === 'string' ? { ...init, body: withExtra(init.body, extra) } : init);
  return retryingFetch(llmRetryOptions(config, llm), attempt);
}

/** A JSON request body with `extra`'s fields added where it has none of that name. */
function withExtra(body: string, extra: Readonly<Record<string, unknown>>): string {
  const json = JSON.parse(body) as Record<string, unknown>;
  for (const [k, v] of Object.entries(extra)) if (!(k in json)) json[k] = v;
  return JSON.stringify(json);
}
