import type { LlmGenerationConfig } from '@agentspec/core';
import { getDefaultModelSettings, type ModelSettings } from '@openai/agents';
import type { Warnings } from './warnings.js';

/** Settings that are request body fields of the Chat Completions API, under their wire names. */
const BODY_FIELDS: Partial<Record<keyof ModelSettings, string>> = {
  temperature: 'temperature', topP: 'top_p', maxTokens: 'max_tokens', frequencyPenalty: 'frequency_penalty', presencePenalty: 'presence_penalty',
};

/**
 * Model settings as `default_generation_parameters`: the sampling settings
 * under their wire names, `providerData` fields as they are; any other
 * setting (tool choice, reasoning, truncation, …) is reported and dropped.
 * Settings equal to the SDK's defaults for the model are not the agent's own.
 */
export function importModelSettings(settings: ModelSettings, model: unknown, id: string, warnings: Warnings): LlmGenerationConfig | undefined {
  const params: Record<string, unknown> = {};
  // what the SDK fills in for an agent whose settings were not given is its default, not the agent's
  const defaults = getDefaultModelSettings(typeof model === 'string' && model !== '' ? model : undefined) as Record<string, unknown>;
  for (const [key, value] of Object.entries(settings) as [keyof ModelSettings, unknown][]) {
    if (value === undefined || JSON.stringify(value) === JSON.stringify(defaults[key])) continue;
    const field = BODY_FIELDS[key];
    if (field) params[field] = value;
    else if (key === 'providerData') Object.assign(params, value);
    else warnings.add('OAI_MODEL_SETTING', id, `model setting '${key}' has no Agent Spec equivalent`);
  }
  return Object.keys(params).length > 0 ? params : undefined;
}
