import { kindOf, type LlmConfig, type LlmConfigKind } from '@agentspec/core';
import {
  generationParams, isGenericLlmConfig, llmApi, providerFetch, refuseUnknown, resolveEndpoint, unsupportedComponent, type LlmOptions,
} from '@agentspec/runtime';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ModelOption } from '../options.js';

type ModelFactory = (config: LlmConfig, llm: LlmOptions) => LanguageModel;

/**
 * The provider name of each config kind: the AI SDK's `provider` of the model
 * (`vllm.chat`, …) and the key of its provider options, so that an imported
 * agent can tell the config kinds apart.
 */
export const PROVIDER_NAMES: Readonly<Record<LlmConfigKind, string>> = {
  OpenAiConfig: 'openai',
  OpenAiCompatibleConfig: 'compatible',
  VllmConfig: 'vllm',
  OllamaConfig: 'ollama',
  OciGenAiConfig: 'oci-genai',
  Unknown: 'compatible',
};

/** The provider name of a config: `openai` for one called through the Responses API (OpenAI's provider), else its kind's. */
export function providerName(config: LlmConfig): string {
  return llmApi(config) === 'responses' ? 'openai' : PROVIDER_NAMES[kindOf(config)];
}

/**
 * The provider's `fetch`: the runtime's `providerFetch` — one LLM retry policy
 * (the AI SDK's own retries are off), `llm.timeoutMs` over each HTTP request,
 * body (or stream) included (the AI SDK's own `timeout.stepMs` would also
 * count the tools run in the step), and the config's other generation
 * parameters in the body. A timed-out request is not retried; it is
 * AS_LLM_TIMEOUT.
 */
function withFetch(config: LlmConfig, llm: LlmOptions, extra?: Readonly<Record<string, unknown>>): { fetch: typeof fetch } {
  return { fetch: providerFetch(config, llm, extra) };
}

/**
 * A config with `api_type: responses` (`llmApi`): OpenAI's provider's Responses model at the config's endpoint (or
 * `llm.override`), whichever the config kind; its other generation parameters sent as they are.
 */
const responses: ModelFactory = (config, llm) => {
  const endpoint = resolveEndpoint(config, llm);
  // OpenAI-compatible servers (and llm.override) take any key; OpenAI's own falls back to OPENAI_API_KEY
  const apiKey = endpoint.apiKey ?? (endpoint.openAi ? undefined : 'not-needed');
  return createOpenAI({ baseURL: endpoint.baseUrl, ...(apiKey ? { apiKey } : {}), ...withFetch(config, llm, generationParams(config).extra) }).responses(endpoint.model);
};

/** The AI SDK's own retries: off, `withFetch` retries. */
export const AI_SDK_MAX_RETRIES = 0;

/** An OpenAI-compatible chat model at the config's endpoint (or `llm.override`), structured outputs enabled (DESIGN §12). */
const compatible: ModelFactory = (config, llm) => {
  const endpoint = resolveEndpoint(config, llm);
  const provider = createOpenAICompatible({
    name: providerName(config),
    baseURL: endpoint.baseUrl,
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    supportsStructuredOutputs: true,
    includeUsage: true,
    ...withFetch(config, llm),
  });
  return provider.chatModel(endpoint.model);
};

/** One model factory per LLM config kind: adding a kind to core breaks the build until it is handled here; admit() refuses unknown configs first. */
export const MODEL_FACTORIES: Readonly<Record<LlmConfigKind, ModelFactory>> = {
  // OpenAI's own endpoint through @ai-sdk/openai; `.chat()` so requests go to /chat/completions.
  OpenAiConfig: (config, llm) => {
    if (llm.override) return compatible(config, llm);
    const endpoint = resolveEndpoint(config, llm);
    return createOpenAI({ baseURL: endpoint.baseUrl, ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}), ...withFetch(config, llm) }).chat(endpoint.model);
  },
  OpenAiCompatibleConfig: compatible,
  VllmConfig: compatible,
  OllamaConfig: compatible,
  OciGenAiConfig: (config, llm) => {
    if (llm.override) return compatible(config, llm);
    throw unsupportedComponent(config, AI_SDK_CAPABILITIES.runtime);
  },
  // the generic LlmConfig (26.1.2): an OpenAI-compatible chat model wherever genericLlmTarget points it
  Unknown: (config, llm) => (isGenericLlmConfig(config) ? compatible(config, llm) : refuseUnknown(config)),
};

/** The AI SDK model of an LLM config: the `model` option when given, else `@ai-sdk/openai(-compatible)`. */
export function languageModel(config: LlmConfig, llm: LlmOptions = {}, model?: ModelOption): LanguageModel {
  if (model !== undefined) return typeof model === 'function' ? model(config) : model;
  if (llmApi(config) === 'responses' && !(config.component_type === 'OciGenAiConfig' && !llm.override)) return responses(config, llm);
  return MODEL_FACTORIES[kindOf(config)](config, llm);
}
