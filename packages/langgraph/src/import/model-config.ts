import type { Doc } from './document.js';
import type { ImportContext } from './import-context.js';

/** What the importer knows of a chat model. */
export interface ModelInfo {
  readonly className?: string;
  readonly model?: string;
  readonly baseURL?: string;
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxTokens?: number;
  readonly extra?: Record<string, unknown>;
  /** `new ChatOpenAI({ useResponsesApi: true })`: called through OpenAI's Responses API. */
  readonly responses?: boolean;
}

const OPENAI = /^https?:\/\/api\.openai\.com(\/|$)/;

/** A chat model instance (ChatOpenAI and alike) as ModelInfo. */
export function modelInfo(model: unknown): ModelInfo {
  if (typeof model === 'string') {
    const [provider, name] = model.includes(':') ? model.split(/:(.*)/s) : ['openai', model];
    return { className: `${provider} (model string)`, ...(name ? { model: name } : {}) };
  }
  const m = model as { model?: unknown; modelName?: unknown; clientConfig?: { baseURL?: unknown }; temperature?: unknown; topP?: unknown; maxTokens?: unknown; modelKwargs?: unknown; useResponsesApi?: unknown } | null;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const name = typeof m?.model === 'string' ? m.model : typeof m?.modelName === 'string' ? m.modelName : undefined;
  const baseURL = typeof m?.clientConfig?.baseURL === 'string' ? m.clientConfig.baseURL : undefined;
  return {
    className: (model as object)?.constructor?.name,
    ...(name ? { model: name } : {}),
    ...(baseURL ? { baseURL } : {}),
    ...(num(m?.temperature) !== undefined ? { temperature: num(m?.temperature) } : {}),
    ...(num(m?.topP) !== undefined ? { topP: num(m?.topP) } : {}),
    ...(num(m?.maxTokens) !== undefined && (m?.maxTokens as number) >= 0 ? { maxTokens: num(m?.maxTokens) } : {}),
    ...(m?.modelKwargs && typeof m.modelKwargs === 'object' && Object.keys(m.modelKwargs).length > 0 ? { extra: m.modelKwargs as Record<string, unknown> } : {}),
    ...(m?.useResponsesApi === true ? { responses: true } : {}),
  };
}

/**
 * An LLM config for a chat model: an OpenAiCompatibleConfig on its base URL,
 * or an OpenAiConfig for api.openai.com; its generation parameters as
 * default_generation_parameters; `useResponsesApi: true` as `api_type:
 * responses`. Another provider's model is kept by name,
 * with a warning: Agent Spec 25.4.1 has no config for it.
 */
export function llmConfigDocument(info: ModelInfo, owner: string, ctx: ImportContext): Doc {
  const openAiClass = info.className === 'ChatOpenAI' || info.className === 'AzureChatOpenAI' || info.className === 'openai (model string)';
  if (!openAiClass) ctx.warn('LG_MODEL_PROVIDER', owner, `the chat model of '${owner}' is a ${info.className ?? 'model of unknown kind'}: the spec has an OpenAI config for its model name; point it at the right endpoint`);
  const params: Record<string, unknown> = {
    ...(info.temperature !== undefined ? { temperature: info.temperature } : {}),
    ...(info.topP !== undefined ? { top_p: info.topP } : {}),
    ...(info.maxTokens !== undefined ? { max_tokens: info.maxTokens } : {}),
    ...info.extra,
  };
  const model = info.model ?? 'unknown-model';
  const common = {
    id: ctx.id(`${owner}_llm`), name: model, model_id: model, ...(info.responses ? { api_type: 'responses' } : {}),
    ...(Object.keys(params).length > 0 ? { default_generation_parameters: params } : {}),
  };
  return info.baseURL && !OPENAI.test(info.baseURL)
    ? { component_type: 'OpenAiCompatibleConfig', ...common, url: info.baseURL }
    : { component_type: 'OpenAiConfig', ...common };
}
