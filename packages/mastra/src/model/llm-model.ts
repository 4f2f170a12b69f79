import type { LlmConfig } from '@agentspec/core';
import { DEFAULT_LLM_TIMEOUT_MS, generationParams, providerFetch, resolveEndpoint, type LlmOptions } from '@agentspec/runtime';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { MastraModelConfig } from '@mastra/core/llm';
import { quoteUnparsedToolInput } from './quote-unparsed-tool-input.js';

/** Name of the AI SDK provider the compiled models use (it prefixes their `provider` field). */
export const PROVIDER_NAME = 'agentspec';

/** Mastra `modelSettings` of an LLM config's default_generation_parameters. */
export interface ModelSettings {
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxOutputTokens?: number;
}

export function modelSettings(config: LlmConfig): ModelSettings {
  const p = generationParams(config);
  return {
    ...(p.temperature !== undefined ? { temperature: p.temperature } : {}),
    ...(p.topP !== undefined ? { topP: p.topP } : {}),
    ...(p.maxTokens !== undefined ? { maxOutputTokens: p.maxTokens } : {}),
  };
}

/**
 * The AI SDK model of an LLM config (DESIGN §4.4: Mastra runs on AI SDK
 * models): an OpenAI-compatible Chat Completions model at the config's
 * endpoint (`llm.override` wins), with structured outputs on, the load's
 * request timeout, and the config's other generation parameters (`seed`, …)
 * sent as they are; with `api_type: responses` (`endpoint.api`), the
 * Responses model of OpenAI's AI SDK provider at that endpoint.
 */
export function llmModel(config: LlmConfig, llm: LlmOptions = {}): MastraModelConfig {
  const endpoint = resolveEndpoint(config, llm);
  const extra = generationParams(config).extra;
  // the runtime's one retry policy, the load's timeout over each request, body or stream included (a stream that
  // stalls times out), and for OpenAI's provider (which takes no unknown options) the `extra` parameters in the body
  const fetch = providerFetch(config, { ...llm, timeoutMs: llm.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS }, endpoint.api === 'responses' ? extra : undefined);
  if (endpoint.api === 'responses') {
    // OpenAI-compatible servers (and llm.override) take any key; OpenAI's own falls back to OPENAI_API_KEY
    const apiKey = endpoint.apiKey ?? (endpoint.openAi ? undefined : 'not-needed');
    const provider = createOpenAI({ baseURL: endpoint.baseUrl, ...(apiKey ? { apiKey } : {}), fetch });
    return quoteUnparsedToolInput(provider.responses(endpoint.model)) as unknown as MastraModelConfig;
  }
  const provider = createOpenAICompatible({
    name: PROVIDER_NAME,
    baseURL: endpoint.baseUrl,
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    supportsStructuredOutputs: true,
    // usage of streamed completions too (the agent loop streams)
    includeUsage: true,
    fetch,
    ...(extra ? { transformRequestBody: (body: Record<string, unknown>) => ({ ...body, ...extra }) } : {}),
  });
  return quoteUnparsedToolInput(provider.chatModel(endpoint.model)) as unknown as MastraModelConfig;
}
