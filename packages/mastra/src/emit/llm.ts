import type { LlmConfig } from '@agentspec/core';
import { generationParams, llmApi, specLlmBaseUrl, unsupportedComponent } from '@agentspec/runtime';
import { MASTRA_CAPABILITIES } from '../capabilities.js';
import { modelSettings } from '../model/llm-model.js';
import { literal, retryPolicyLiteral, str } from '@agentspec/runtime/emit';
import type { MastraModule as ModuleWriter } from './helpers.js';

/**
 * The `chatModel({ … })` expression of an LLM config (DESIGN §4.2 LLM
 * configs): its endpoint and key from the shared llmEndpoint (`options.llm`
 * overrides the endpoint — `baseURL`, `apiKey`, `model` — as `llm.override`
 * does; a key, from `options.llm` or `OPENAI_API_KEY`, never from the spec,
 * goes to a spec-named endpoint only on its own origin or a host of
 * `options.llm.credentialHosts`; OpenAiConfig is OPENAI_BASE_URL, else
 * api.openai.com; the generic LlmConfig where `specLlmBaseUrl` points it), its retries from the shared llmFetch (`options.llm.retries`
 * and `maxRetryAfterMs`, or the config's retry_policy).
 */
export function modelExpression(spec: LlmConfig, m: ModuleWriter, pad: string): string {
  const config = spec;
  // api_type responses: the Responses model of OpenAI's provider, as the runtime's llmModel
  const responses = llmApi(config) === 'responses';
  m.use(responses ? 'responsesModel' : 'chatModel');
  // admit() refuses OciGenAiConfig first (no provider in the module)
  if (config.component_type === 'OciGenAiConfig') throw unsupportedComponent(config, MASTRA_CAPABILITIES.emit);
  // the spec's endpoint as resolveEndpoint reaches it (a generic LlmConfig where genericLlmTarget points it); undefined: OpenAI's own
  const url = specLlmBaseUrl(config);
  const baseURL = url === undefined ? 'undefined' : str(url);
  const extra = generationParams(config).extra;
  const policy = retryPolicyLiteral(config, `${pad}  `);
  return [
    `${responses ? 'responsesModel' : 'chatModel'}({`,
    `${pad}  ...llmEndpoint(${baseURL}, ${str((config as { model_id: string }).model_id)}, options.llm ?? {}),`,
    `${pad}  timeoutMs: options.llm?.timeoutMs,`,
    `${pad}  retries: options.llm?.retries,`,
    `${pad}  maxRetryAfterMs: options.llm?.maxRetryAfterMs,`,
    ...(policy ? [`${pad}  // the LLM config's retry_policy`, `${pad}  policy: ${policy},`] : []),
    `${pad}  fetch: options.llm?.fetch,`,
    ...(extra ? [`${pad}  extraBody: ${literal(extra, `${pad}  `)},`] : []),
    `${pad}})`,
  ].join('\n');
}

/** Mastra `modelSettings` of the config's generation parameters, as a literal (undefined when there are none). */
export function settingsLiteral(config: LlmConfig, pad: string): string | undefined {
  const s = modelSettings(config);
  return Object.keys(s).length > 0 ? literal(s, pad) : undefined;
}
