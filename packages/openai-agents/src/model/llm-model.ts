import { kindOf, type LlmConfig, type LlmConfigKind } from '@agentspec/core';
import { DEFAULT_LLM_TIMEOUT_MS, isGenericLlmConfig, llmRetryOptions, providerFetch, refuseUnknown, resolveEndpoint, retryingFetch, type Endpoint, type ErrorSite, type LlmOptions } from '@agentspec/runtime';
import { modelFrom } from '../compile/provenance.js';
import { NO_API_KEY, openAiClient } from '../openai-client.js';
import { leanChatClient } from './lean-chat-client.js';
import { AgentSpecChatCompletionsModel, AgentSpecResponsesModel } from './agentspec-models.js';

/** Which OpenAI API an LLM config is reached through. */
type ApiChoice = (endpoint: Endpoint, config: LlmConfig) => 'chat' | 'responses';

/** The config's API (`api_type`, resolved by `resolveEndpoint`). */
const asConfigured: ApiChoice = (endpoint) => (endpoint.api === 'responses' ? 'responses' : 'chat');

/** The config's API; on OpenAI's own endpoint without an `api_type`, the Responses API (the SDK's own for OpenAI). */
const openAiOwn: ApiChoice = (endpoint, config) => {
  const apiType = (config as { api_type?: unknown }).api_type;
  return endpoint.api === 'responses' || (endpoint.openAi && (apiType === undefined || apiType === null)) ? 'responses' : 'chat';
};

/**
 * One entry per LLM config kind (a new kind in core breaks the build until it
 * is listed): each config is called through its `api_type` (Chat Completions
 * by default, `llmApi` of @agentspec/runtime), but OpenAI's own endpoint
 * without an `api_type` uses the Responses API; the generic LlmConfig
 * (26.1.2) as OpenAiConfig; OciGenAiConfig is refused by resolveEndpoint
 * (AS_UNSUPPORTED) unless overridden.
 */
export const LLM_APIS: Readonly<Record<LlmConfigKind, ApiChoice>> = {
  OpenAiConfig: openAiOwn,
  OpenAiCompatibleConfig: asConfigured,
  VllmConfig: asConfigured,
  OllamaConfig: asConfigured,
  OciGenAiConfig: asConfigured,
  Unknown: (endpoint, config) => (isGenericLlmConfig(config) ? openAiOwn(endpoint, config) : refuseUnknown(config)),
};

export type AgentSpecModel = AgentSpecChatCompletionsModel | AgentSpecResponsesModel;

/**
 * The Agents SDK model of an LLM config (DESIGN §4.4). `checkToolCallsAt`
 * makes it refuse malformed or unknown tool calls (compiled agents); the
 * flow backend leaves that to the interpreter.
 */
export function modelFor(config: LlmConfig, llm: LlmOptions = {}, checkToolCallsAt?: ErrorSite): AgentSpecModel {
  const endpoint = resolveEndpoint(config, llm);
  const timeoutMs = llm.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  // the runtime's one LLM retry policy (429/5xx/network errors, Retry-After honoured up to llm.maxRetryAfterMs), and
  // the time limit over the answer too: the client's own stops at the response headers (a stalled stream never ends)
  const send = providerFetch(config, { ...llm, timeoutMs });
  // the lean non-streamed path times its requests itself, body included: no second timer and stream per answer
  const sendLean = retryingFetch(llmRetryOptions(config, llm));
  const client = openAiClient({ baseURL: endpoint.baseUrl, ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}), timeoutMs, retries: 0, fetch: send });
  const options = { modelId: endpoint.model, baseURL: endpoint.baseUrl, ...(checkToolCallsAt ? { checkToolCallsAt } : {}) };
  const model = LLM_APIS[kindOf(config)](endpoint, config) === 'responses'
    ? new AgentSpecResponsesModel(client, options)
    : new AgentSpecChatCompletionsModel(leanChatClient(client, { baseURL: endpoint.baseUrl, apiKey: endpoint.apiKey || NO_API_KEY, timeoutMs, fetch: sendLean }), options);
  modelFrom.set(model, config);
  return model;
}
