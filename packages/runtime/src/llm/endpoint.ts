import type { LlmConfig } from '@agentspec/core';
import { admitted, unsupportedComponent } from '../admit/admit.js';
import { OCI_GENAI_UNLESS_OVERRIDE } from '../admit/capabilities.js';
import type { LlmOptions } from '../contract.js';
import { credentialAllowed, OPENAI_DEFAULT_BASE_URL } from './credential-origin.js';
import { genericLlmTarget, isGenericLlmConfig } from './generic-llm-config.js';
import { llmApi, type LlmApi } from './llm-api.js';

/** Where and how an LLM config is reached. */
export interface Endpoint {
  /** Base URL ending in `/v1` (or the provider's equivalent). */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  /** The API it is called through: the config's `api_type` (Chat Completions by default). */
  readonly api: LlmApi;
  /** OpenAI's own API (no `llm.override`): where `llm.apiKey` / OPENAI_API_KEY is expected. */
  readonly openAi: boolean;
}

/** Append `/v1` to an OpenAI-compatible server URL that lacks it; add a scheme when missing. */
export function openAiBaseUrl(url: string): string {
  let u = url.trim().replace(/\/+$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(u)) u = `http://${u}`;
  return /\/v\d+$/.test(u) ? u : `${u}/v1`;
}

/**
 * The endpoint of an LLM config (DESIGN §4.2): `llm.override` maps every
 * config to one endpoint (how tests reach the scripted server); OpenAiConfig
 * uses OPENAI_BASE_URL, else api.openai.com; the OpenAI-compatible configs use
 * their `url` (+ `/v1`). Secrets never come from the spec, and each goes only
 * to the origin it was given for (DESIGN §11): `override.apiKey` to the
 * override URL; `llm.apiKey` / OPENAI_API_KEY to OPENAI_BASE_URL (else
 * https://api.openai.com), or to a host listed in `llm.credentialHosts`.
 * The generic LlmConfig (26.1.2) is reached as `genericLlmTarget` says.
 * Every endpoint is called through the config's API (`llmApi`).
 */
export function resolveEndpoint(spec: LlmConfig, options: LlmOptions = {}): Endpoint {
  const api = llmApi(spec);
  const o = options.override;
  if (o) return { baseUrl: openAiBaseUrl(o.url), model: o.model ?? (spec as { model_id: string }).model_id, api, openAi: false, ...(o.apiKey ? { apiKey: o.apiKey } : {}) };
  const openAiBase = process.env.OPENAI_BASE_URL ? openAiBaseUrl(process.env.OPENAI_BASE_URL) : OPENAI_DEFAULT_BASE_URL;
  const key = options.apiKey ?? (process.env.OPENAI_API_KEY || undefined);
  const endpoint = (baseUrl: string, openAi = false): Endpoint => ({
    baseUrl,
    model: (spec as { model_id: string }).model_id,
    api,
    openAi,
    ...(key && credentialAllowed(baseUrl, openAiBase, options.credentialHosts) ? { apiKey: key } : {}),
  });
  const url = specLlmBaseUrl(spec);
  return url === undefined ? endpoint(openAiBase, true) : endpoint(url);
}

/**
 * The base URL an LLM config names (`/v1` added), or undefined for OpenAI's own API (OPENAI_BASE_URL, else
 * api.openai.com): OpenAiConfig; the OpenAI-compatible configs at their `url`; the generic LlmConfig (26.1.2)
 * where `genericLlmTarget` points it. The one rule of resolveEndpoint and of the emitted modules' llmEndpoint.
 * OciGenAiConfig, and a generic LlmConfig no client reaches, are AS_UNSUPPORTED (admit() refuses them first).
 */
export function specLlmBaseUrl(spec: LlmConfig): string | undefined {
  if (isGenericLlmConfig(spec)) {
    const target = genericLlmTarget(spec);
    if ('refusal' in target) throw unsupportedComponent(spec, {}, { refusal: target.refusal });
    return target.url === undefined ? undefined : openAiBaseUrl(target.url);
  }
  const config = admitted(spec as LlmConfig);
  switch (config.component_type) {
    case 'OpenAiConfig':
      return undefined;
    case 'OpenAiCompatibleConfig':
    case 'VllmConfig':
    case 'OllamaConfig':
      return openAiBaseUrl(config.url);
    case 'OciGenAiConfig':
      // admit() refuses it first (OCI_GENAI_UNLESS_OVERRIDE)
      throw unsupportedComponent(config, { refuses: OCI_GENAI_UNLESS_OVERRIDE });
  }
}
