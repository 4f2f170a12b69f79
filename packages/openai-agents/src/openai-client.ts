import OpenAI from 'openai';
import type { OpenAIClient } from '@openai/agents';

/** What this package needs to construct an `OpenAI` client. */
export interface OpenAiClientOptions {
  readonly baseURL?: string;
  readonly apiKey?: string;
  /** Per-request timeout in milliseconds. */
  readonly timeoutMs?: number;
  /** Retries of 408/409/429/5xx and connection errors by the client itself (0 when `fetch` retries). */
  readonly retries?: number;
  /** The client's fetch (the runtime's `retryingFetch`: one retry policy, Retry-After capped). */
  readonly fetch?: typeof fetch;
}

/** Sent when no key is configured: the `openai` client refuses to start without one. */
export const NO_API_KEY = 'unset';

/**
 * An `OpenAI` client for the Agents SDK models. Without a key it sends
 * {@link NO_API_KEY}: OpenAI-compatible servers often need none, and OpenAI
 * answers 401, reported when the model is called rather than at compile time.
 */
export function openAiClient(options: OpenAiClientOptions): OpenAIClient {
  return new OpenAI({
    apiKey: options.apiKey || NO_API_KEY,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    ...(options.retries !== undefined ? { maxRetries: options.retries } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  }) as unknown as OpenAIClient;
}
