import type { LlmConfig } from '@agentspec/core';
import { admitted, generationParams, unsupportedComponent } from '@agentspec/runtime';
import { MASTRA_CAPABILITIES } from '../capabilities.js';
import { modelSettings } from '../model/llm-model.js';
import { literal, str } from '@agentspec/runtime/emit';
import type { MastraModule as ModuleWriter } from './helpers.js';

/**
 * The `chatModel({ … })` expression of an LLM config (DESIGN §4.2 LLM
 * configs): its endpoint, which `options.llm` overrides (`baseURL`, `apiKey`,
 * `model`, as `llm.override` does); OpenAiConfig's key from `options.llm` or
 * `OPENAI_API_KEY`, never from the spec.
 */
export function modelExpression(spec: LlmConfig, m: ModuleWriter, pad: string): string {
  const config = admitted(spec);
  m.use('chatModel');
  let baseURL: string;
  let apiKey = 'options.llm?.apiKey';
  switch (config.component_type) {
    case 'OpenAiConfig':
      baseURL = 'https://api.openai.com/v1';
      apiKey = 'options.llm?.apiKey ?? process.env.OPENAI_API_KEY';
      break;
    case 'OpenAiCompatibleConfig':
    case 'VllmConfig':
    case 'OllamaConfig':
      baseURL = config.url;
      break;
    default:
      throw unsupportedComponent(config, MASTRA_CAPABILITIES.emit);
  }
  const extra = generationParams(config).extra;
  return [
    'chatModel({',
    `${pad}  baseURL: options.llm?.baseURL ?? ${str(baseURL)},`,
    `${pad}  model: options.llm?.model ?? ${str(config.model_id)},`,
    `${pad}  apiKey: ${apiKey},`,
    `${pad}  timeoutMs: options.llm?.timeoutMs,`,
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
