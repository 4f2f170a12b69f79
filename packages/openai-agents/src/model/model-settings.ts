import type { ModelSettings } from '@openai/agents';
import type { GenerationParams } from '@agentspec/runtime';

/** Generation parameters as SDK model settings: other parameters go to `providerData` (sent as body fields). */
export function modelSettings(params: GenerationParams): ModelSettings {
  return {
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.topP !== undefined ? { topP: params.topP } : {}),
    ...(params.maxTokens !== undefined ? { maxTokens: params.maxTokens } : {}),
    ...(params.extra ? { providerData: { ...params.extra } } : {}),
  };
}
