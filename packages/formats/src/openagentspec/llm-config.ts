import { openAiCompatibleConfig, openAiConfig, type LlmConfig } from '@agentspec/core';
import type { Warnings } from '../format-warning.js';
import type { OpenAgentSpecWarningCode } from './warning-codes.js';

export const PLACEHOLDER_LLM_URL = 'http://127.0.0.1:8000/v1';
export const PLACEHOLDER_MODEL = 'placeholder-model';

/**
 * The agent's LLM config, which OpenAgentSpec leaves to the server: an
 * OpenAI-compatible endpoint when `llmUrl` is given, OpenAI's when only
 * `model` is; otherwise a placeholder on loopback, with a warning saying how
 * to point it elsewhere.
 */
export function llmConfig(agentId: string, options: { readonly llmUrl?: string; readonly model?: string }, warnings: Warnings<OpenAgentSpecWarningCode>): LlmConfig {
  const id = `${agentId}-llm`;
  const { llmUrl, model } = options;
  if (llmUrl === undefined && model !== undefined) return openAiConfig({ id, name: model, model_id: model });
  const modelId = model ?? PLACEHOLDER_MODEL;
  if (llmUrl === undefined || model === undefined) {
    const missing = llmUrl === undefined ? `no LLM endpoint or model: the placeholder ${PLACEHOLDER_LLM_URL} with model '${PLACEHOLDER_MODEL}'` : `no model: the placeholder model '${PLACEHOLDER_MODEL}'`;
    warnings.add('OAS_LLM_PLACEHOLDER', '', id, `OpenAgentSpec names ${missing} is used; import with llmUrl/model (--llm-url, --model) or run with agentspec run --llm-url / the llm.override option`);
  }
  return openAiCompatibleConfig({ id, name: modelId, model_id: modelId, url: llmUrl ?? PLACEHOLDER_LLM_URL });
}
