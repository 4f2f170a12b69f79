import { openAiCompatibleConfig, openAiConfig, ollamaConfig, vllmConfig, type LlmConfig, type LlmGenerationConfig } from '@agentspec/core';
import type { LanguageModel } from 'ai';
import type { ImportWarnings } from './import-warnings.js';

const GATEWAY_URL = 'https://ai-gateway.vercel.sh/v1';

/** The base URL of a provider's model (`@ai-sdk/openai` and `@ai-sdk/openai-compatible` keep it in their config). */
function baseUrl(model: { modelId: string; config?: unknown }): string | undefined {
  const url = (model.config as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'function') return undefined;
  try {
    const value = (url as (o: { path: string; modelId: string }) => unknown)({ path: '', modelId: model.modelId });
    return typeof value === 'string' ? value.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** Agent Spec appends `/v1` to an OpenAI-compatible server URL: the imported `url` is the server's. */
const serverUrl = (url: string): string => url.replace(/\/v1$/, '');

/**
 * The LLM config of an AI SDK model: OpenAI's own endpoint is an
 * OpenAiConfig; an OpenAI-compatible provider named `vllm` or `ollama` (as
 * compileAiSdk names them) a VllmConfig / OllamaConfig, any other an
 * OpenAiCompatibleConfig at the provider's base URL. A Responses model of
 * `@ai-sdk/openai` (`openai(id)`, `openai.responses(id)`, at any base URL)
 * says `api_type: responses`.
 */
export function importModel(model: LanguageModel, params: LlmGenerationConfig | undefined, agentId: string, warnings: ImportWarnings): LlmConfig {
  const id = `${agentId}_llm`;
  const generation = params && Object.keys(params).length > 0 ? { default_generation_parameters: params } : {};
  if (typeof model === 'string') {
    warnings.add('AISDK_MODEL_ENDPOINT', 'model', `the model '${model}' is resolved by the AI Gateway: imported as an OpenAI-compatible endpoint at ${GATEWAY_URL}`);
    return openAiCompatibleConfig({ id, name: model, model_id: model, url: GATEWAY_URL, ...generation });
  }
  const m = model as { modelId: string; provider: string; config?: unknown };
  const prefix = m.provider.split('.')[0] ?? '';
  const url = baseUrl(m);
  // `openai('gpt-4o')` and `openai.responses(…)` call the Responses API (provider `openai.responses`)
  const api = m.provider === 'openai.responses' ? { api_type: 'responses' } : {};
  const common = { id, name: m.modelId, model_id: m.modelId, ...api, ...generation };
  if (prefix === 'openai' && (url === undefined || url.startsWith('https://api.openai.com'))) return openAiConfig(common);
  if (url === undefined) {
    warnings.add('AISDK_MODEL_ENDPOINT', 'model', `the base URL of provider '${m.provider}' is not readable: imported as an OpenAI-compatible endpoint at http://localhost`);
    return openAiCompatibleConfig({ ...common, url: 'http://localhost' });
  }
  if (prefix === 'vllm') return vllmConfig({ ...common, url: serverUrl(url) });
  if (prefix === 'ollama') return ollamaConfig({ ...common, url: serverUrl(url) });
  if (!['compatible', 'openai', 'openai-compatible'].includes(prefix)) {
    warnings.add('AISDK_MODEL_ENDPOINT', 'model', `provider '${m.provider}' is imported as an OpenAI-compatible endpoint at its base URL ${url}`);
  }
  return openAiCompatibleConfig({ ...common, url: serverUrl(url) });
}
