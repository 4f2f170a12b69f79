import { openAiCompatibleConfig, openAiConfig, type LlmConfig, type LlmGenerationConfig } from '@agentspec/core';
import { getDefaultModel, type Model } from '@openai/agents';
import { AgentSpecChatCompletionsModel, AgentSpecResponsesModel } from '../model/agentspec-models.js';
import { modelFrom } from '../compile/provenance.js';
import type { ImportOptions } from '../types.js';
import type { Warnings } from './warnings.js';

const OPENAI_BASE = /^https:\/\/api\.openai\.com(\/v1)?\/?$/;

/** An `OpenAIResponsesModel` (of any copy of the SDK): it keeps its client and model name in `_client` and `_model`. */
function responsesModel(model: unknown): { modelId: string; baseUrl?: string } | undefined {
  const m = model as { _model?: unknown; _client?: { baseURL?: unknown } } | null;
  if (typeof m !== 'object' || m === null || typeof m._model !== 'string' || typeof m._client !== 'object' || m._client === null) return undefined;
  return { modelId: m._model, ...(typeof m._client.baseURL === 'string' ? { baseUrl: m._client.baseURL } : {}) };
}

/**
 * The LLM config of an SDK agent's model: a model made by this package is
 * the config it was made from; an `OpenAIResponsesModel` exposes its client
 * (`api_type: responses`, at OpenAI or an OpenAI-compatible URL); a model name is
 * an OpenAiConfig with `api_type: responses` (the SDK's default provider is
 * OpenAI's Responses API; without it when the program called
 * `setOpenAIAPI('chat_completions')`, `chatCompletions`). A Chat Completions
 * model made elsewhere hides its endpoint: `options.baseUrl` / `modelId` say it.
 */
export function importModel(model: string | Model, id: string, params: LlmGenerationConfig | undefined, options: ImportOptions, warnings: Warnings, chatCompletions = false): LlmConfig {
  const base = { id, ...(params ? { default_generation_parameters: params } : {}) };
  const from = typeof model === 'object' ? modelFrom.get(model) : undefined;
  if (from) {
    // the config this package made the model from (its kind and api_type), the settings the agent has now
    const { default_generation_parameters: _params, ...config } = from as LlmConfig & { default_generation_parameters?: unknown };
    return { ...config, ...base } as LlmConfig;
  }
  if (model instanceof AgentSpecChatCompletionsModel) return openAiCompatibleConfig({ ...base, name: model.modelId, model_id: model.modelId, url: model.baseURL });
  if (model instanceof AgentSpecResponsesModel) return openAiConfig({ ...base, name: model.modelId, model_id: model.modelId, api_type: 'responses' } as Parameters<typeof openAiConfig>[0]);
  const responses = responsesModel(model);
  if (responses) {
    // an OpenAIResponsesModel: the Responses API, at OpenAI or at an OpenAI-compatible server
    const { modelId, baseUrl } = responses;
    const fields = { ...base, name: modelId, model_id: modelId, api_type: 'responses' };
    if (baseUrl && !OPENAI_BASE.test(baseUrl)) return openAiCompatibleConfig({ ...fields, url: baseUrl } as Parameters<typeof openAiCompatibleConfig>[0]);
    return openAiConfig(fields as Parameters<typeof openAiConfig>[0]);
  }
  if (typeof model === 'string' && model !== '') {
    // a model name goes to the SDK's default provider: OpenAI, through the Responses API (or Chat Completions, when the
    // program called setOpenAIAPI('chat_completions'))
    return options.baseUrl
      ? openAiCompatibleConfig({ ...base, name: model, model_id: model, url: options.baseUrl })
      : openAiConfig({ ...base, name: model, model_id: model, ...(chatCompletions ? {} : { api_type: 'responses' }) } as Parameters<typeof openAiConfig>[0]);
  }
  const name = typeof model === 'string' ? undefined : model.constructor?.name;
  const kind = name === 'OpenAIChatCompletionsModel' ? 'an OpenAIChatCompletionsModel' : typeof model === 'string' ? 'no model' : `a ${name ?? 'custom'} model`;
  const modelId = options.modelId ?? getDefaultModel();
  if (options.baseUrl) {
    if (!options.modelId) warnings.add('OAI_MODEL_ENDPOINT', id, `${kind} does not expose its model name; '${modelId}' (the SDK default) is used`);
    return openAiCompatibleConfig({ ...base, name: modelId, model_id: modelId, url: options.baseUrl });
  }
  warnings.add('OAI_MODEL_ENDPOINT', id, `${kind} does not expose its endpoint; an OpenAiConfig for '${modelId}' is used (pass baseUrl and modelId to say otherwise)`);
  return openAiConfig({ ...base, name: modelId, model_id: modelId, ...(typeof model === 'string' ? { api_type: 'responses' } : {}) });
}
