import type { Component, GenericLlmConfig } from '@agentspec/core';
import type { Refusal } from '../admit/capabilities.js';
import { eachComponent } from '../components.js';

/** The `api_provider` values of a generic LlmConfig that name an OpenAI-compatible server (reached at its `url`). */
export const OPENAI_COMPATIBLE_API_PROVIDERS = ['vllm', 'ollama', 'openai_compatible', 'openai-compatible'] as const;

/** Where a generic LlmConfig is reached: OpenAI's own API (its `url` when given), or an OpenAI-compatible server at `url`. */
export type GenericLlmTarget = { readonly kind: 'openai'; readonly url?: string } | { readonly kind: 'compatible'; readonly url: string };

/** Whether a component is the generic `LlmConfig` of Agent Spec 26.1.2. */
export function isGenericLlmConfig(component: Component): component is Component & GenericLlmConfig {
  return component.component_type === 'LlmConfig';
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * How a generic LlmConfig is reached (DESIGN §4.2, "Generic LlmConfig"), or
 * why it is not: `api_provider` decides — `openai` is OpenAI's API (at `url`
 * when given, else OPENAI_BASE_URL / api.openai.com), `vllm`, `ollama` and
 * `openai_compatible` an OpenAI-compatible server at `url` (required). Without
 * `api_provider`, a `url` is an OpenAI-compatible server, and `provider:
 * openai` alone OpenAI's API. Any other API provider (oci, aws_bedrock,
 * vertex_ai, …) has no client here: refused, unless `llm.override` (or a model
 * given to the runtime) takes every request.
 */
export function genericLlmTarget(config: GenericLlmConfig): GenericLlmTarget | { readonly refusal: Refusal } {
  const apiProvider = text(config.api_provider)?.toLowerCase();
  const url = text(config.url);
  if (apiProvider === 'openai') return url ? { kind: 'openai', url } : { kind: 'openai' };
  if (apiProvider && (OPENAI_COMPATIBLE_API_PROVIDERS as readonly string[]).includes(apiProvider)) {
    if (url) return { kind: 'compatible', url };
    return { refusal: { reason: `its api_provider '${apiProvider}' has no default URL and the config gives none`, hint: 'give the server\'s url' } };
  }
  if (apiProvider) {
    return {
      refusal: {
        reason: `its api_provider '${apiProvider}', which no client here speaks (the runtimes speak OpenAI's APIs: api_provider openai, vllm, ollama or openai_compatible)`,
        hint: 'point it at an OpenAI-compatible endpoint (api_provider and url), or give llm.override',
        unlessLlmOverride: true,
      },
    };
  }
  if (url) return { kind: 'compatible', url };
  if (text(config.provider)?.toLowerCase() === 'openai') return { kind: 'openai' };
  return {
    refusal: {
      reason: 'it names neither an api_provider nor a url, so no endpoint is known',
      hint: "give api_provider 'openai', or the url of an OpenAI-compatible server, or llm.override",
      unlessLlmOverride: true,
    },
  };
}

/** Whether a component tree holds a generic LlmConfig (emitters refuse them; every runtime reaches them). */
export function hasGenericLlmConfigs(root: Component): boolean {
  let found = false;
  eachComponent(root, (c) => {
    if (isGenericLlmConfig(c)) found = true;
  });
  return found;
}
