import { kindOf, type LlmConfig, type LlmConfigKind } from '@agentspec/core';
import { llmRetryOptions, refuseUnknown, resolveEndpoint, retryingFetch, type ErrorSite, type LlmOptions } from '@agentspec/runtime';
import { openAiClient } from '../openai-client.js';
import { AgentSpecChatCompletionsModel, AgentSpecResponsesModel } from './agentspec-models.js';

/** Which OpenAI API an LLM config is reached through. */
type ApiChoice = (llm: LlmOptions, config: LlmConfig) => 'chat' | 'responses';

/**
 * One entry per LLM config kind (a new kind in core breaks the build until it
 * is listed): OpenAiConfig uses the Responses API unless `llm.override` points
 * it at another endpoint; the OpenAI-compatible configs use Chat Completions;
 * OciGenAiConfig is refused by resolveEndpoint (AS_UNSUPPORTED) unless overridden.
 */
export const LLM_APIS: Readonly<Record<LlmConfigKind, ApiChoice>> = {
  OpenAiConfig: (llm) => (llm.override ? 'chat' : 'responses'),
  OpenAiCompatibleConfig: () => 'chat',
  VllmConfig: () => 'chat',
  OllamaConfig: () => 'chat',
  OciGenAiConfig: () => 'chat',
  Unknown: (_llm, config) => refuseUnknown(config),
};

export type AgentSpecModel = AgentSpecChatCompletionsModel | AgentSpecResponsesModel;

/**
 * The Agents SDK model of an LLM config (DESIGN §4.4). `checkToolCallsAt`
 * makes it refuse malformed or unknown tool calls (compiled agents); the
 * flow backend leaves that to the interpreter.
 */
export function modelFor(config: LlmConfig, llm: LlmOptions = {}, checkToolCallsAt?: ErrorSite): AgentSpecModel {
  const endpoint = resolveEndpoint(config, llm);
  const client = openAiClient({
    baseURL: endpoint.baseUrl,
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    timeoutMs: llm.timeoutMs ?? 60_000,
    // the runtime's one LLM retry policy (429/5xx/network errors, Retry-After honoured up to llm.maxRetryAfterMs)
    retries: 0,
    fetch: retryingFetch(llmRetryOptions(config, llm)),
  });
  const options = { modelId: endpoint.model, baseURL: endpoint.baseUrl, ...(checkToolCallsAt ? { checkToolCallsAt } : {}) };
  return LLM_APIS[kindOf(config)](llm, config) === 'responses'
    ? new AgentSpecResponsesModel(client, options)
    : new AgentSpecChatCompletionsModel(client, options);
}
