import type { Known, LlmConfig } from '@agentspec/core';
import { admitted, generationParams, isGenericLlmConfig, llmApi, specLlmBaseUrl } from '@agentspec/runtime';
import { modelSettings } from '../model/model-settings.js';
import { commentText, literal, retryPolicyLiteral, str } from '@agentspec/runtime/emit';
import type { AgentModule as ModuleWriter } from './agent-module.js';

/** How one kind of LLM config is reached: its spec endpoint, and which API. */
interface LlmRoute {
  /** The spec's base URL ('openai': OpenAI's own, OPENAI_BASE_URL else api.openai.com; undefined: `llm.baseURL` must be given). */
  readonly baseURL: (config: LlmConfig) => string | 'openai' | undefined;
  readonly api: 'chat' | 'responses' | 'responses-unless-overridden';
}

const compatible: LlmRoute = { baseURL: (c) => specLlmBaseUrl(c), api: 'chat' };

/**
 * One entry per LLM config kind, mirroring modelFor (a new kind in core breaks
 * the build until it is listed): OpenAiConfig uses the Responses API of
 * OpenAI's endpoint unless `llm.baseURL` points elsewhere; the
 * OpenAI-compatible configs use Chat Completions on their URL (+ `/v1`);
 * OciGenAiConfig needs `llm.baseURL`.
 */
const LLM_ROUTES: Readonly<Record<Known<LlmConfig>['component_type'], LlmRoute>> = {
  OpenAiConfig: { baseURL: () => 'openai', api: 'responses-unless-overridden' },
  OpenAiCompatibleConfig: compatible,
  VllmConfig: compatible,
  OllamaConfig: compatible,
  OciGenAiConfig: { baseURL: () => undefined, api: 'chat' },
};

/**
 * The route of a config: its kind's; the generic LlmConfig (26.1.2) where `specLlmBaseUrl` (genericLlmTarget) points
 * it, and on OpenAI's own endpoint as OpenAiConfig when it gives no api_type (LLM_APIS of the runtime).
 */
function routeOf(config: LlmConfig): LlmRoute {
  if (!isGenericLlmConfig(config)) return LLM_ROUTES[admitted(config).component_type];
  const url = specLlmBaseUrl(config);
  if (url !== undefined) return compatible;
  return config.api_type === undefined || config.api_type === null ? LLM_ROUTES.OpenAiConfig : { baseURL: () => 'openai', api: 'chat' };
}

/** The names of the declarations of one LLM in the module: the agent's (the defaults), or a message transform's. */
export interface ModelNames {
  readonly llm: string;
  readonly policy: string;
  readonly fn: string;
  /** What the LLM is, in its comment. */
  readonly what: string;
}

const AGENT_MODEL: ModelNames = { llm: 'LLM', policy: 'LLM_RETRY_POLICY', fn: 'model', what: 'The LLM' };

/** The `LLM` constant and `model()` function of the module (or those of `names`). */
export function emitModel(w: ModuleWriter, spec: LlmConfig, names: ModelNames = AGENT_MODEL): string {
  const config = spec as LlmConfig & { readonly model_id: string; readonly name: string };
  const known = routeOf(spec);
  // api_type responses: the Responses API wherever the config points
  const route: LlmRoute = llmApi(config) === 'responses' ? { ...known, api: 'responses' } : known;
  const baseURL = route.baseURL(config);
  w.importDefault('openai', 'OpenAI');
  if (route.api !== 'responses') w.use('chatModel');
  w.use('llmEndpoint');
  w.use('llmFetch');
  if (route.api !== 'chat') w.use('responsesModel');
  const policy = retryPolicyLiteral(config, '', 38 + names.policy.length - AGENT_MODEL.policy.length);
  const endpoint = { ...(baseURL && baseURL !== 'openai' ? { baseURL } : {}), model: config.model_id };
  const lines = [
    `// ---- ${names.what}: '${commentText(config.name)}' (${config.component_type})`,
    '',
    `/** The spec's endpoint${baseURL === 'openai' ? ' (none: OpenAI\'s own, OPENAI_BASE_URL else api.openai.com)' : ''} and model (\`options.llm\` overrides them). */`,
    `const ${names.llm} = ${literal(endpoint, '', 9 + names.llm.length)};`,
    ...(policy ? ['', '/** How its requests are retried: the LLM config\'s retry_policy. */', `const ${names.policy}: SpecRetryPolicy = ${policy};`] : []),
    '',
    '/**',
    ' * The SDK model: an `OpenAI` client on the endpoint llmEndpoint resolves (a key only to the origin it is for, or to a host',
    ' * of `llm.credentialHosts`; OpenAI-compatible servers often need none, the client insists on one), retrying as llmFetch does.',
    ' */',
    `function ${names.fn}(llm: LlmOptions) {`,
  ];
  if (!baseURL) {
    w.use('codedError');
    const message = `${config.component_type} '${config.id}' is not supported by this module: pass llm.baseURL (an OpenAI-compatible endpoint)`;
    lines.push(`  if (!llm.baseURL) throw new CodedError('AS_UNSUPPORTED', ${str(message)});`);
  }
  lines.push(
    `  const endpoint = llmEndpoint(${baseURL && baseURL !== 'openai' ? `${names.llm}.baseURL` : 'undefined'}, ${names.llm}.model, llm);`,
    '  const client = new OpenAI({',
    '    baseURL: endpoint.baseURL,',
    "    apiKey: endpoint.apiKey ?? 'unset',",
    '    timeout: llm.timeoutMs ?? 60_000,',
    '    // the retries are llmFetch\'s (the client\'s own are off), and its time limit covers the answer too (the client\'s stops at the headers)',
    '    maxRetries: 0,',
    `    fetch: llmFetch({ retries: llm.retries, maxRetryAfterMs: llm.maxRetryAfterMs${policy ? `, policy: ${names.policy}` : ''}, timeoutMs: llm.timeoutMs ?? 60_000 }, llm.fetch),`,
    '  });',
  );
  if (route.api === 'chat') lines.push('  return new CheckedChatCompletionsModel(client, endpoint.model);');
  else if (route.api === 'responses') lines.push('  return new CheckedResponsesModel(client, endpoint.model);');
  else {
    lines.push(
      '  // OpenAI itself through the Responses API; another endpoint (llm.baseURL) through Chat Completions',
      '  return llm.baseURL ? new CheckedChatCompletionsModel(client, endpoint.model) : new CheckedResponsesModel(client, endpoint.model);',
    );
  }
  lines.push('}');
  return lines.join('\n');
}

/** The `modelSettings` of the agent: generation parameters, other ones in `providerData` (sent as body fields). */
export function emitModelSettings(config: LlmConfig, column: number): string {
  return literal(modelSettings(generationParams(config)), '    ', column);
}
