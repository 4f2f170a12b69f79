import { ChatOpenAI } from '@langchain/openai';
import type { LlmConfig } from '@agentspec/core';
import { generationParams, llmRetryOptions, resolveEndpoint, retryingFetch, type LlmOptions } from '@agentspec/runtime';
import { QuietCompletions } from './quiet-completions.js';

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

/**
 * The `ChatOpenAI` of an LLM config (DESIGN §4.4), through the API of its
 * `api_type` (Chat Completions, or the Responses API): the config's endpoint
 * (or `llm.override`) as `configuration.baseURL`, its model, its generation
 * parameters. Never `streaming: true` (it stalls offline, DESIGN §12): the
 * graph streams with `.stream()` when asked. Retries are the runtime's one
 * LLM retry policy (`retryingFetch`: 429/5xx/network errors, Retry-After
 * honoured up to `llm.maxRetryAfterMs`), not the client's.
 */
export function chatOpenAI(config: LlmConfig, llm: LlmOptions = {}): ChatOpenAI {
  const endpoint = resolveEndpoint(config, llm);
  const params = generationParams(config);
  // OpenAI-compatible servers (and an `llm.override` endpoint) take any key; only OpenAiConfig on
  // api.openai.com without one falls back to OPENAI_API_KEY (ChatOpenAI then requires it).
  const apiKey = endpoint.apiKey ?? (endpoint.openAi ? undefined : 'not-needed');
  const fields = {
    model: endpoint.model,
    ...(apiKey !== undefined ? { apiKey } : {}),
    configuration: { baseURL: endpoint.baseUrl, fetch: retryingFetch(llmRetryOptions(config, llm)) },
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.topP !== undefined ? { topP: params.topP } : {}),
    ...(params.maxTokens !== undefined ? { maxTokens: params.maxTokens } : {}),
    ...(params.extra ? { modelKwargs: { ...params.extra } } : {}),
    timeout: llm.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
    maxRetries: 0,
  };
  // api_type responses (`endpoint.api`): ChatOpenAI's own Responses client
  if (endpoint.api === 'responses') return new ChatOpenAI({ ...fields, useResponsesApi: true });
  // the same client ChatOpenAI builds from these fields, without LangChain's upgrade notice on malformed tool calls
  return new ChatOpenAI({ ...fields, completions: new QuietCompletions(fields) });
}
