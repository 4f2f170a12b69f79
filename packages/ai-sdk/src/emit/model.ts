import type { LlmConfig } from '@agentspec/core';
import { admitted, isGenericLlmConfig, llmApi, specLlmBaseUrl } from '@agentspec/runtime';
import { providerName } from '../model/language-model.js';
import { commentText, retryPolicyLiteral, str } from '@agentspec/runtime/emit';
import type { AiSdkModule as ModuleWriter } from './helpers.js';

/** `createOpenAICompatible(…).chatModel(…)` on the resolved `endpoint`, as compileAiSdk builds it. */
function compatibleModel(w: ModuleWriter, name: string, indent: string): string[] {
  w.import('@ai-sdk/openai-compatible', 'createOpenAICompatible');
  return [
    `${indent}const provider = createOpenAICompatible({`,
    `${indent}  name: ${str(name)},`,
    `${indent}  baseURL: endpoint.baseURL,`,
    `${indent}  apiKey: endpoint.apiKey,`,
    `${indent}  supportsStructuredOutputs: true,`,
    `${indent}  includeUsage: true,`,
    `${indent}  fetch: send,`,
    `${indent}});`,
    `${indent}return provider.chatModel(endpoint.model);`,
  ];
}

/**
 * The `languageModel(llm)` function of the module: the provider package
 * compileAiSdk uses for the config's kind (src/model/language-model.ts); where
 * it is and which key it gets from the shared llmEndpoint (the spec's
 * endpoint unless `llm.baseURL` overrides it; a key from the options or
 * OPENAI_API_KEY, never from the spec, only to the origin it is for or a host
 * of `llm.credentialHosts`); its fetch retrying as the shared llmFetch does
 * (the runtime's retries, or the config's retry_policy), each attempt with
 * `llm.timeoutMs`.
 */
/** The names of the declarations of one LLM in the module: the agent's (the defaults), or a transform's. */
export interface LanguageModelNames {
  readonly fn: string;
  readonly modelId: string;
  readonly baseUrl: string;
  readonly policy: string;
  /** What the LLM is for, in its doc comment. */
  readonly what: string;
}

const AGENT_MODEL: LanguageModelNames = { fn: 'languageModel', modelId: 'MODEL_ID', baseUrl: 'BASE_URL', policy: 'LLM_RETRY_POLICY', what: 'The LLM' };

export function emitLanguageModel(config: LlmConfig, w: ModuleWriter, names: LanguageModelNames = AGENT_MODEL): void {
  w.importType('ai', 'LanguageModel');
  w.use('llmEndpoint');
  w.use('llmFetch');
  const doc = `/** ${names.what}: ${commentText(config.name ?? config.id)} (${config.component_type}). */`;
  const model = `const ${names.modelId} = ${str((config as { model_id: string }).model_id)};`;
  const policy = retryPolicyLiteral(config, '', 38 + names.policy.length - AGENT_MODEL.policy.length);
  const retry = policy ? ['/** How its requests are retried: the LLM config\'s retry_policy. */', `const ${names.policy}: SpecRetryPolicy = ${policy};`] : [];
  // the spec's endpoint, as resolveEndpoint reaches it (undefined: OpenAI's own API); OCI's needs llm.baseURL
  const baseUrl = config.component_type === 'OciGenAiConfig' ? undefined : specLlmBaseUrl(config);
  const baseUrlConstant = baseUrl === undefined ? [] : [`const ${names.baseUrl} = ${str(baseUrl)};`];
  const start = [
    `  const endpoint = llmEndpoint(${baseUrl === undefined ? 'undefined' : names.baseUrl}, ${names.modelId}, llm);`,
    '  // the retries are llmFetch\'s (the AI SDK\'s own are off); each attempt has llm.timeoutMs',
    `  const send = llmFetch({ retries: llm.retries, maxRetryAfterMs: llm.maxRetryAfterMs${policy ? `, policy: ${names.policy}` : ''}, timeoutMs: llm.timeoutMs }, llm.fetch);`,
  ];
  let body: string[];
  let constants: string[];
  if (llmApi(config) === 'responses') {
    // api_type responses: OpenAI's provider's Responses model, wherever the config points (as compileAiSdk builds it)
    w.import('@ai-sdk/openai', 'createOpenAI');
    const own = baseUrl === undefined;
    constants = [...baseUrlConstant, model, ...retry];
    body = [
      ...(config.component_type === 'OciGenAiConfig' ? ["  if (!llm.baseURL) throw new Error('OCI Generative AI needs its provider package, which is not available: pass llm.baseURL (an OpenAI-compatible endpoint)');"] : []),
      ...start,
      '  // the Responses API (api_type: responses); an OpenAI-compatible server takes any key',
      `  return createOpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey${own ? '' : " ?? 'not-needed'"}, fetch: send }).responses(endpoint.model);`,
    ];
    w.section([doc, ...constants, '', `function ${names.fn}(llm: LlmOptions): LanguageModel {`, ...body, '}'].join('\n'));
    return;
  }
  if (isGenericLlmConfig(config)) {
    // the generic LlmConfig (26.1.2): an OpenAI-compatible chat model wherever genericLlmTarget points it (as compileAiSdk builds it)
    constants = [...baseUrlConstant, model, ...retry];
    body = [...start, ...compatibleModel(w, providerName(config), '  ')];
    w.section([doc, ...constants, '', `function ${names.fn}(llm: LlmOptions): LanguageModel {`, ...body, '}'].join('\n'));
    return;
  }
  const known = admitted(config);
  switch (known.component_type) {
    case 'OpenAiConfig':
      w.import('@ai-sdk/openai', 'createOpenAI');
      constants = [model, ...retry];
      body = [
        ...start,
        '  if (llm.baseURL) {',
        ...compatibleModel(w, 'openai', '    '),
        '  }',
        '  // OpenAI\'s own endpoint (OPENAI_BASE_URL, else api.openai.com); .chat() so requests go to /chat/completions',
        '  return createOpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, fetch: send }).chat(endpoint.model);',
      ];
      break;
    case 'OpenAiCompatibleConfig':
    case 'VllmConfig':
    case 'OllamaConfig':
      constants = [...baseUrlConstant, model, ...retry];
      body = [...start, ...compatibleModel(w, providerName(known), '  ')];
      break;
    case 'OciGenAiConfig':
      w.warnings.push({ kind: 'unsupported', component: config.id, message: 'OCI Generative AI has no AI SDK provider here: the emitted module needs llm.baseURL (an OpenAI-compatible endpoint)' });
      constants = [model, ...retry];
      body = [
        "  if (!llm.baseURL) throw new Error('OCI Generative AI needs its provider package, which is not available: pass llm.baseURL (an OpenAI-compatible endpoint)');",
        ...start,
        ...compatibleModel(w, providerName(config), '  '),
      ];
      break;
  }
  w.section([doc, ...constants, '', `function ${names.fn}(llm: LlmOptions): LanguageModel {`, ...body, '}'].join('\n'));
}
