import { openAiCompatibleConfig, openAiConfig, type LlmConfig } from '@agentspec/core';
import type { ImportWarnings } from './import-warnings.js';

type Json = Record<string, unknown>;

const OPENAI_API = /^https:\/\/api\.openai\.com(\/v1)?\/?$/;

/** Agent Spec appends `/v1` to an OpenAI-compatible server URL: the imported `url` is the server's. */
const serverUrl = (url: string): string => url.replace(/\/+$/, '').replace(/\/v1$/, '');

/** Provider, model id and base URL of a model as Mastra takes it. */
interface ModelRef {
  readonly provider: string;
  readonly modelId: string;
  readonly url?: string;
  /** An AI SDK Responses model (`openai(id)`, `openai.responses(id)`: provider `openai.responses`). */
  readonly responses?: boolean;
}

/** The base URL of an AI SDK provider's model (`@ai-sdk/openai` and `@ai-sdk/openai-compatible` keep it in their config). */
function aiSdkUrl(model: { modelId?: unknown; config?: unknown }): string | undefined {
  const url = (model.config as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'function') return typeof url === 'string' ? url : undefined;
  try {
    const value = (url as (o: { path: string; modelId: unknown }) => unknown)({ path: '', modelId: model.modelId });
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A model string `provider/model`, an OpenAI-compatible config `{ id | providerId + modelId, url }`, or an AI SDK model. */
function refOf(model: unknown): ModelRef | undefined {
  if (typeof model === 'string') {
    const slash = model.indexOf('/');
    return slash >= 0 ? { provider: model.slice(0, slash), modelId: model.slice(slash + 1) } : { provider: '', modelId: model };
  }
  if (typeof model !== 'object' || model === null) return undefined;
  const m = model as Json;
  const url = typeof m.url === 'string' ? m.url : undefined;
  if (typeof m.id === 'string' && m.id.includes('/')) return { ...refOf(m.id) as ModelRef, ...(url ? { url } : {}) };
  if (typeof m.providerId === 'string' && typeof m.modelId === 'string') return { provider: m.providerId, modelId: m.modelId, ...(url ? { url } : {}) };
  if (typeof m.modelId === 'string' && typeof m.provider === 'string') {
    const u = aiSdkUrl(m) ?? (typeof (m.config as Json | undefined)?.url === 'string' ? String((m.config as Json).url) : undefined);
    return { provider: m.provider.split('.')[0] ?? '', modelId: m.modelId, ...(u ? { url: u } : {}), ...(m.provider === 'openai.responses' ? { responses: true } : {}) };
  }
  return undefined;
}

/**
 * The LLM config of a Mastra agent's model. A model with a base URL (an
 * OpenAI-compatible config `{ id, url }`, an AI SDK provider made with a
 * `baseURL`) is an OpenAiCompatibleConfig at that URL; an OpenAI model at
 * OpenAI's own endpoint an OpenAiConfig; any other provider an
 * OpenAI-compatible config at `llmUrl` (reported). An AI SDK Responses model
 * (`openai(id)`, `openai.responses(id)`) says `api_type: responses`.
 */
export function llmConfigOf(given: unknown, resolved: unknown, id: string, llmUrl: string | undefined, warnings: ImportWarnings): LlmConfig {
  let model = typeof given === 'function' ? resolved : given;
  if (Array.isArray(model)) {
    warnings.add('MA_MODEL_FALLBACKS', id, `${model.length} models (fallbacks): the first one is imported`);
    const first = model[0] as { model?: unknown } | undefined;
    model = first?.model ?? first;
  }
  const ref = refOf(model) ?? refOf(resolved) ?? { provider: '', modelId: 'model' };
  const name = ref.provider ? `${ref.provider}/${ref.modelId}` : ref.modelId;
  const base = { id: `${id}_llm`, name, model_id: ref.modelId, ...(ref.responses ? { api_type: 'responses' } : {}) };
  const isOpenAi = ref.provider === 'openai';
  if (ref.url && !(isOpenAi && OPENAI_API.test(ref.url))) return openAiCompatibleConfig({ ...base, url: serverUrl(ref.url) });
  if (isOpenAi) return openAiConfig(base);
  if (!llmUrl) warnings.add('MA_MODEL_ENDPOINT', id, `its model '${name}' has no endpoint Agent Spec can name: an OpenAI-compatible config at http://localhost:8000 (pass llmUrl to set it)`);
  return openAiCompatibleConfig({ ...base, url: llmUrl ?? 'http://localhost:8000' });
}
