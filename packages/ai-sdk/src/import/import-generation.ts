import type { LlmGenerationConfig } from '@agentspec/core';
import type { ImportWarnings } from './import-warnings.js';

/** AI SDK call settings → the names of Agent Spec generation parameters (as sent in an OpenAI request). */
const SETTINGS: Readonly<Record<string, string>> = {
  temperature: 'temperature', topP: 'top_p', maxOutputTokens: 'max_tokens', seed: 'seed',
  frequencyPenalty: 'frequency_penalty', presencePenalty: 'presence_penalty', stopSequences: 'stop', topK: 'top_k',
};

/** Provider options that configure the provider rather than the request (set by compileAiSdk or meaningless in a spec). */
const PROVIDER_SETTINGS = new Set(['strictJsonSchema']);

export const GENERATION_SETTINGS = new Set([...Object.keys(SETTINGS), 'providerOptions']);

/**
 * default_generation_parameters of an agent's settings: the call settings,
 * and the provider options of the model's provider, which an
 * OpenAI-compatible provider sends verbatim in the request body. Options for
 * other providers cannot be represented.
 */
export function importGeneration(settings: Readonly<Record<string, unknown>>, provider: string | undefined, warnings: ImportWarnings): LlmGenerationConfig | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(SETTINGS)) if (settings[key] !== undefined) out[name] = settings[key];
  const providerOptions = (settings.providerOptions ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, options] of Object.entries(providerOptions)) {
    if (key !== provider) {
      warnings.add('AISDK_PROVIDER_OPTIONS', `providerOptions.${key}`, `options of provider '${key}' are not the model's provider's: not represented`);
      continue;
    }
    for (const [name, value] of Object.entries(options ?? {})) if (!PROVIDER_SETTINGS.has(name) && !(name in out)) out[name] = value;
  }
  return Object.keys(out).length > 0 ? (out as LlmGenerationConfig) : undefined;
}
