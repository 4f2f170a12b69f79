import { ChatOpenAI } from '@langchain/openai';
import type { LlmConfig } from '@agentspec/core';
import { DEFAULT_LLM_TIMEOUT_MS, generationParams, providerFetch, resolveEndpoint, type LlmOptions } from '@agentspec/runtime';
import { QuietCompletions } from './quiet-completions.js';


/**
 * The `ChatOpenAI` of an LLM config (DESIGN §4.4), through the API of its
 * `api_type` (Chat Completions, or the Responses API): the config's endpoint
 * (or `llm.override`) as `configuration.baseURL`, its model, its generation
 * parameters. Never `streaming: true` (it stalls offline, DESIGN §12): the
 * graph streams with `.stream()` when asked. Its `fetch` is the runtime's
 * `providerFetch`: the one LLM retry policy (429/5xx/network errors,
 * Retry-After honoured up to `llm.maxRetryAfterMs`), not the client's, and
 * `llm.timeoutMs` over the answer too (the client's own timeout stops at the
 * response headers: an answer that stalls half-way would never end).
 */
export function chatOpenAI(config: LlmConfig, llm: LlmOptions = {}): ChatOpenAI {
  const endpoint = resolveEndpoint(config, llm);
  const params = generationParams(config);
  // OpenAI-compatible servers (and an `llm.override` endpoint) take any key; only OpenAiConfig on
  // api.openai.com without one falls back to OPENAI_API_KEY (ChatOpenAI then requires it).
  const apiKey = endpoint.apiKey ?? (endpoint.openAi ? undefined : 'not-needed');
  const timeoutMs = llm.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const fields = {
    model: endpoint.model,
    ...(apiKey !== undefined ? { apiKey } : {}),
    configuration: { baseURL: endpoint.baseUrl, fetch: providerFetch(config, { ...llm, timeoutMs }) },
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.topP !== undefined ? { topP: params.topP } : {}),
    ...(params.maxTokens !== undefined ? { maxTokens: params.maxTokens } : {}),
    ...(params.extra ? { modelKwargs: { ...params.extra } } : {}),
    timeout: timeoutMs,
    maxRetries: 0,
  };
  // api_type responses (`endpoint.api`): ChatOpenAI's own Responses client
  if (endpoint.api === 'responses') return new ChatOpenAI({ ...fields, useResponsesApi: true });
  // the same client ChatOpenAI builds from these fields, without LangChain's upgrade notice on malformed tool calls
  return new ChatOpenAI({ ...fields, completions: new QuietCompletions(fields) });
}
