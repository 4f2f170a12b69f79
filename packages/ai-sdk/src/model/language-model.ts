import type { LlmConfig } from '@agentspec/core';
import { llmRetryOptions, retryingFetch } from '@agentspec/runtime';
import { resolveEndpoint, unsupportedLlmConfig, type LlmOptions } from './endpoint.js';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ModelOption } from '../options.js';

type ConfigType = LlmConfig['component_type'];

/** Time allowed to one LLM request by the runtime and the backend, as in the reference runtime (`llm.timeoutMs`). */
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
type ModelFactory = (config: LlmConfig, llm: LlmOptions) => LanguageModel;

/**
 * The provider name of each config kind: the AI SDK's `provider` of the model
 * (`vllm.chat`, …) and the key of its provider options, so that an imported
 * agent can tell the config kinds apart.
 */
export const PROVIDER_NAMES: Readonly<Record<ConfigType, string>> = {
  OpenAiConfig: 'openai',
  OpenAiCompatibleConfig: 'compatible',
  VllmConfig: 'vllm',
  OllamaConfig: 'ollama',
  OciGenAiConfig: 'oci-genai',
};

/** The provider name of a config (`compatible` for a kind this runtime does not know, reached through `llm.override`). */
export function providerName(config: LlmConfig): string {
  return Object.hasOwn(PROVIDER_NAMES, config.component_type) ? PROVIDER_NAMES[config.component_type] : 'compatible';
}

/**
 * The provider's `fetch`: the runtime's one LLM retry policy (429/5xx/network
 * errors, Retry-After honoured up to `llm.maxRetryAfterMs`; the AI SDK's own
 * retries are off), and `llm.timeoutMs` as the reference runtime applies it,
 * to each HTTP request, body (or stream) included. (The AI SDK's own
 * `timeout.stepMs` would also count the tools run in the step.) A timed-out
 * request is not retried; it is AS_LLM_TIMEOUT.
 */
function withFetch(config: LlmConfig, llm: LlmOptions): { fetch: typeof fetch } {
  const { timeoutMs } = llm;
  const attempt: typeof fetch = timeoutMs === undefined ? fetch : (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
  return { fetch: retryingFetch(llmRetryOptions(config, llm), attempt) };
}

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

/** One model factory per LLM config kind: adding a kind to core breaks the build until it is handled here. */
const MODEL_FACTORIES: Readonly<Record<ConfigType, ModelFactory>> = {
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
    throw unsupportedLlmConfig(config);
  },
};

/** The model factory of a config's kind; a kind this runtime does not know (a later version's, a plugin's) is AS_UNSUPPORTED, naming it. */
export function modelFactory(config: LlmConfig, llm: LlmOptions = {}): ModelFactory {
  if (Object.hasOwn(MODEL_FACTORIES, config.component_type)) return MODEL_FACTORIES[config.component_type];
  if (llm.override) return compatible;
  throw unsupportedLlmConfig(config);
}

/** The AI SDK model of an LLM config: the `model` option when given, else `@ai-sdk/openai(-compatible)`. */
export function languageModel(config: LlmConfig, llm: LlmOptions = {}, model?: ModelOption): LanguageModel {
  if (model !== undefined) return typeof model === 'function' ? model(config) : model;
  return modelFactory(config, llm)(config, llm);
}
