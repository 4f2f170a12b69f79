import type { LlmConfig } from '@agentspec/core';
import { generationParams, llmApi, type GenerationParams } from '@agentspec/runtime';
import type { JSONValue } from 'ai';
import type { AiSdkWarning } from '../options.js';
import { providerName } from './language-model.js';

export type ProviderOptionsRecord = Record<string, Record<string, JSONValue>>;

/** The AI SDK call settings of an LLM config's default_generation_parameters. */
export interface GenerationSettings {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  seed?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  providerOptions?: ProviderOptionsRecord;
}

/** Parameters with an AI SDK setting that puts the same field on the wire. */
export const TYPED_PARAMETERS = { seed: 'seed', frequency_penalty: 'frequencyPenalty', presence_penalty: 'presencePenalty' } as const;

/**
 * Whether the model built for a config sends unknown parameters as they are:
 * the OpenAI-compatible provider does (every config but OpenAiConfig, and
 * every config under `llm.override`); OpenAI's own provider and a model given
 * in the options may not.
 */
export function sendsParametersAsIs(config: LlmConfig, llm: { readonly override?: unknown }, model: unknown): boolean {
  // a Responses model's fetch adds them to the body (language-model.ts)
  return model === undefined && (llm.override !== undefined || config.component_type !== 'OpenAiConfig' || llmApi(config) === 'responses');
}

/** The key of the provider options of the model built for a config (its provider name). */
export function providerKey(config: LlmConfig): string {
  return providerName(config);
}

/**
 * temperature, top_p and max_tokens become `temperature`, `topP`,
 * `maxOutputTokens`; seed and the penalties their AI SDK settings; any other
 * parameter is passed through verbatim as a provider option of an
 * OpenAI-compatible model (which sends it in the request body, as the
 * reference runtime does), and is a warning for OpenAI's own provider, which
 * takes no unknown options.
 */
export function generationSettings(config: LlmConfig, passthrough: boolean, warnings?: AiSdkWarning[], params: GenerationParams = generationParams(config)): GenerationSettings {
  const out: GenerationSettings = {};
  if (params.temperature !== undefined) out.temperature = params.temperature;
  if (params.topP !== undefined) out.topP = params.topP;
  if (params.maxTokens !== undefined) out.maxOutputTokens = params.maxTokens;
  const rest: Record<string, JSONValue> = {};
  for (const [key, value] of Object.entries(params.extra ?? {})) {
    const typed = Object.hasOwn(TYPED_PARAMETERS, key) ? TYPED_PARAMETERS[key as keyof typeof TYPED_PARAMETERS] : undefined;
    if (typed && typeof value === 'number') out[typed] = value;
    else if (passthrough) rest[key] = value as JSONValue;
    else warnings?.push({ kind: 'unsupported', component: config.id, message: `generation parameter '${key}' has no AI SDK setting and OpenAI's provider takes no unknown options: it is not sent` });
  }
  // (a Responses model's fetch sends them: OpenAI's provider takes no unknown options)
  if (Object.keys(rest).length > 0 && llmApi(config) !== 'responses') out.providerOptions = { [providerKey(config)]: rest };
  return out;
}

/** Provider options merged per provider key. */
export function mergeProviderOptions(...all: (ProviderOptionsRecord | undefined)[]): ProviderOptionsRecord | undefined {
  const out: ProviderOptionsRecord = {};
  for (const options of all) for (const [key, value] of Object.entries(options ?? {})) out[key] = { ...out[key], ...value };
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Structured outputs as the reference runtime asks for them: a JSON Schema, not strict (properties with defaults stay optional). */
export function lenientStructuredOutput(config: LlmConfig): ProviderOptionsRecord {
  return { [providerKey(config)]: { strictJsonSchema: false } };
}
