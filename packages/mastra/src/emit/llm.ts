import type { LlmConfig } from '@agentspec/core';
import { admitted, generationParams, llmApi, openAiBaseUrl, unsupportedComponent } from '@agentspec/runtime';
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
 * api.openai.com), its retries from the shared llmFetch (`options.llm.retries`
 * and `maxRetryAfterMs`, or the config's retry_policy).
 */
export function modelExpression(spec: LlmConfig, m: ModuleWriter, pad: string): string {
  const config = admitted(spec);
  // api_type responses: the Responses model of OpenAI's provider, as the runtime's llmModel
  const responses = llmApi(config) === 'responses';
  m.use(responses ? 'responsesModel' : 'chatModel');
  let baseURL: string;
  switch (config.component_type) {
    case 'OpenAiConfig':
      baseURL = 'undefined';
      break;
    case 'OpenAiCompatibleConfig':
    case 'VllmConfig':
    case 'OllamaConfig':
      baseURL = str(openAiBaseUrl(config.url));
      break;
    default:
      throw unsupportedComponent(config, MASTRA_CAPABILITIES.emit);
  }
  const extra = generationParams(config).extra;
  const policy = retryPolicyLiteral(config, `${pad}  `);
  return [
    `${responses ? 'responsesModel' : 'chatModel'}({`,
    `${pad}  ...llmEndpoint(${baseURL}, ${str(config.model_id)}, options.llm ?? {}),`,
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
