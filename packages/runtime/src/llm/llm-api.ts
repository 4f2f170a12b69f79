import type { Component } from '@agentspec/core';
import type { Refusal } from '../admit/capabilities.js';
import { eachComponent } from '../components.js';

/** The two OpenAI APIs every runtime speaks to an LLM endpoint (DESIGN §4.2, "LLM APIs"). */
export type LlmApi = 'chat_completions' | 'responses';

/**
 * The `api_type` values of an LLM config and the API each names: the spec's
 * `chat_completions` (the default, also when null) and `responses`, and OCI's
 * `openai_chat_completions` / `openai_responses` / `oci` (OCI's own API is
 * reached, under `llm.override` only, through Chat Completions).
 */
export const LLM_API_TYPES: Readonly<Record<string, LlmApi>> = {
  chat_completions: 'chat_completions',
  responses: 'responses',
  openai_chat_completions: 'chat_completions',
  openai_responses: 'responses',
  oci: 'chat_completions',
};

const LLM_CONFIG_TYPES = new Set(['OpenAiConfig', 'OpenAiCompatibleConfig', 'VllmConfig', 'OllamaConfig', 'OciGenAiConfig', 'LlmConfig']);

/** Whether a component is one of the LLM configs whose `api_type` the runtimes read. */
export function hasApiType(component: Component): boolean {
  return LLM_CONFIG_TYPES.has(component.component_type);
}

function apiTypeOf(config: Component): unknown {
  return (config as { api_type?: unknown }).api_type;
}

/** Why no runtime runs an LLM config's `api_type` (a value none of LLM_API_TYPES), or undefined. */
export function apiTypeRefusal(config: Component): Refusal | undefined {
  const t = apiTypeOf(config);
  if (t === undefined || t === null || (typeof t === 'string' && Object.hasOwn(LLM_API_TYPES, t))) return undefined;
  return {
    reason: `its api_type ${JSON.stringify(t)} names an API no runtime here speaks`,
    hint: "use api_type 'chat_completions' (the default) or 'responses' (OpenAI's Responses API)",
  };
}

/**
 * The API an LLM config is called through (DESIGN §4.2): its `api_type`,
 * Chat Completions by default — the same on every runtime, `llm.override` or
 * not. A value admit() refuses (apiTypeRefusal) is never asked for here.
 */
export function llmApi(config: Component): LlmApi {
  const t = apiTypeOf(config);
  return typeof t === 'string' ? (LLM_API_TYPES[t] ?? 'chat_completions') : 'chat_completions';
}

/** Whether any LLM config in a component tree is called through the Responses API (`llmApi`). */
export function usesResponsesApi(root: Component): boolean {
  let found = false;
  eachComponent(root, (c) => {
    if (hasApiType(c) && llmApi(c) === 'responses') found = true;
  });
  return found;
}
