import type { LlmConfig } from '@agentspec/core';
import { admitted, openAiBaseUrl } from '@agentspec/runtime';
import { providerName } from '../model/language-model.js';
import { commentText, str } from '@agentspec/runtime/emit';
import type { AiSdkModule as ModuleWriter } from './helpers.js';

/** `createOpenAICompatible(…).chatModel(…)` at `baseURL` (an expression), as compileAiSdk builds it. */
function compatibleModel(w: ModuleWriter, name: string, baseURL: string, indent: string): string[] {
  w.import('@ai-sdk/openai-compatible', 'createOpenAICompatible');
  return [
    `${indent}const provider = createOpenAICompatible({`,
    `${indent}  name: ${str(name)},`,
    `${indent}  baseURL: ${baseURL},`,
    `${indent}  apiKey: llm.apiKey,`,
    `${indent}  supportsStructuredOutputs: true,`,
    `${indent}  includeUsage: true,`,
    `${indent}  fetch: fetchWithTimeout(llm.timeoutMs, llm.fetch),`,
    `${indent}});`,
    `${indent}return provider.chatModel(llm.model ?? MODEL_ID);`,
  ];
}

/**
 * The `languageModel(llm)` function of the module: the provider package
 * compileAiSdk uses for the config's kind (src/model/language-model.ts), the
 * spec's endpoint unless `llm.baseURL` overrides it, the api key from the
 * options (or OPENAI_API_KEY for OpenAI), never from the spec.
 */
export function emitLanguageModel(spec: LlmConfig, w: ModuleWriter): void {
  const config = admitted(spec);
  w.importType('ai', 'LanguageModel');
  w.use('fetchWithTimeout');
  const doc = `/** The LLM: ${commentText(config.name ?? config.id)} (${config.component_type}). */`;
  const model = `const MODEL_ID = ${str(config.model_id)};`;
  let body: string[];
  let constants: string[];
  switch (config.component_type) {
    case 'OpenAiConfig':
      w.import('@ai-sdk/openai', 'createOpenAI');
      constants = [model];
      body = [
        '  if (llm.baseURL !== undefined) {',
        ...compatibleModel(w, 'openai', 'llm.baseURL', '    '),
        '  }',
        '  // OpenAI\'s own endpoint; .chat() so requests go to /chat/completions. The key: llm.apiKey, else OPENAI_API_KEY.',
        '  return createOpenAI({ apiKey: llm.apiKey, fetch: fetchWithTimeout(llm.timeoutMs, llm.fetch) }).chat(llm.model ?? MODEL_ID);',
      ];
      break;
    case 'OpenAiCompatibleConfig':
    case 'VllmConfig':
    case 'OllamaConfig':
      constants = [`const BASE_URL = ${str(openAiBaseUrl(config.url))};`, model];
      body = compatibleModel(w, providerName(config), 'llm.baseURL ?? BASE_URL', '  ');
      break;
    case 'OciGenAiConfig':
      w.warnings.push({ kind: 'unsupported', component: config.id, message: 'OCI Generative AI has no AI SDK provider here: the emitted module needs llm.baseURL (an OpenAI-compatible endpoint)' });
      constants = [model];
      body = [
        "  if (llm.baseURL === undefined) throw new Error('OCI Generative AI needs its provider package, which is not available: pass llm.baseURL (an OpenAI-compatible endpoint)');",
        ...compatibleModel(w, providerName(config), 'llm.baseURL', '  '),
      ];
      break;
  }
  w.section([doc, ...constants, '', 'function languageModel(llm: LlmOptions): LanguageModel {', ...body, '}'].join('\n'));
}
