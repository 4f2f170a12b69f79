import { openAiCompatibleConfig, openAiConfig, type LlmConfig, type LlmGenerationConfig } from '@agentspec/core';
import { getDefaultModel, OpenAIChatCompletionsModel, OpenAIResponsesModel, type Model } from '@openai/agents';
import { AgentSpecChatCompletionsModel, AgentSpecResponsesModel } from '../model/agentspec-models.js';
import type { ImportOptions } from '../types.js';
import type { Warnings } from './warnings.js';

const OPENAI_BASE = /^https:\/\/api\.openai\.com(\/v1)?\/?$/;

/**
 * The LLM config of an SDK agent's model: a model made by this package knows
 * its endpoint; an `OpenAIResponsesModel` exposes its client; a model name is
 * an OpenAiConfig (the SDK's default provider is OpenAI). A Chat Completions
 * model made elsewhere hides its endpoint: `options.baseUrl` / `modelId` say it.
 */
export function importModel(model: string | Model, id: string, params: LlmGenerationConfig | undefined, options: ImportOptions, warnings: Warnings): LlmConfig {
  const base = { id, ...(params ? { default_generation_parameters: params } : {}) };
  if (model instanceof AgentSpecChatCompletionsModel) return openAiCompatibleConfig({ ...base, name: model.modelId, model_id: model.modelId, url: model.baseURL });
  if (model instanceof AgentSpecResponsesModel) return openAiConfig({ ...base, name: model.modelId, model_id: model.modelId });
  if (model instanceof OpenAIResponsesModel) {
    const { _model: modelId, _client: client } = model as unknown as { _model: string; _client: { baseURL?: string } };
    if (client.baseURL && !OPENAI_BASE.test(client.baseURL)) {
      warnings.approximated(id, `a Responses API model at ${client.baseURL} becomes an OpenAI-compatible (Chat Completions) config`);
      return openAiCompatibleConfig({ ...base, name: modelId, model_id: modelId, url: client.baseURL });
    }
    return openAiConfig({ ...base, name: modelId, model_id: modelId });
  }
  if (typeof model === 'string' && model !== '') {
    return options.baseUrl
      ? openAiCompatibleConfig({ ...base, name: model, model_id: model, url: options.baseUrl })
      : openAiConfig({ ...base, name: model, model_id: model });
  }
  const kind = model instanceof OpenAIChatCompletionsModel ? 'an OpenAIChatCompletionsModel' : typeof model === 'string' ? 'no model' : `a ${model.constructor?.name ?? 'custom'} model`;
  const modelId = options.modelId ?? getDefaultModel();
  if (options.baseUrl) {
    if (!options.modelId) warnings.approximated(id, `${kind} does not expose its model name; '${modelId}' (the SDK default) is used`);
    return openAiCompatibleConfig({ ...base, name: modelId, model_id: modelId, url: options.baseUrl });
  }
  warnings.approximated(id, `${kind} does not expose its endpoint; an OpenAiConfig for '${modelId}' is used (pass baseUrl and modelId to say otherwise)`);
  return openAiConfig({ ...base, name: modelId, model_id: modelId });
}
