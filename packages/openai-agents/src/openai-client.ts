import OpenAI from 'openai';
import type { OpenAIClient } from '@openai/agents';

/** What this package needs to construct an `OpenAI` client. */
export interface OpenAiClientOptions {
  readonly baseURL?: string;
  readonly apiKey?: string;
  /** Per-request timeout in milliseconds. */
  readonly timeoutMs?: number;
  /** Retries of 408/409/429/5xx and connection errors. */
  readonly retries?: number;
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
  }) as unknown as OpenAIClient;
}
