import type { Known, LlmConfig } from '@agentspec/core';
import { admitted, generationParams, openAiBaseUrl } from '@agentspec/runtime';
import { modelSettings } from '../model/model-settings.js';
import { commentText, literal, str } from '@agentspec/runtime/emit';
import type { AgentModule as ModuleWriter } from './agent-module.js';

/** How one kind of LLM config is reached: its default base URL, its key, and which API. */
interface LlmRoute {
  /** The base URL when `llm.baseURL` is not given (undefined: it must be given). */
  readonly baseURL: (config: Known<LlmConfig>) => string | undefined;
  /** The key expression when `llm.apiKey` is not given. */
  readonly apiKey: string;
  readonly api: 'chat' | 'responses-unless-overridden';
}

const compatible: LlmRoute = { baseURL: (c) => openAiBaseUrl((c as { url: string }).url), apiKey: "'unset'", api: 'chat' };

/**
 * One entry per LLM config kind, mirroring modelFor (a new kind in core breaks
 * the build until it is listed): OpenAiConfig uses the Responses API of
 * api.openai.com with OPENAI_API_KEY unless `llm.baseURL` points elsewhere; the
 * OpenAI-compatible configs use Chat Completions on their URL (+ `/v1`);
 * OciGenAiConfig needs `llm.baseURL`.
 */
const LLM_ROUTES: Readonly<Record<Known<LlmConfig>['component_type'], LlmRoute>> = {
  OpenAiConfig: { baseURL: () => 'https://api.openai.com/v1', apiKey: "process.env.OPENAI_API_KEY || 'unset'", api: 'responses-unless-overridden' },
  OpenAiCompatibleConfig: compatible,
  VllmConfig: compatible,
  OllamaConfig: compatible,
  OciGenAiConfig: { baseURL: () => undefined, apiKey: "'unset'", api: 'chat' },
};

/** The `LLM` constant and `model()` function of the module. */
export function emitModel(w: ModuleWriter, spec: LlmConfig): string {
  const config = admitted(spec);
  const route = LLM_ROUTES[config.component_type];
  const baseURL = route.baseURL(config);
  w.importDefault('openai', 'OpenAI');
  w.use('chatModel');
  if (route.api !== 'chat') w.use('responsesModel');
  const lines = [
    `// ---- The LLM: '${commentText(config.name)}' (${config.component_type})`,
    '',
    `/** The spec's endpoint and model (\`options.llm\` overrides them). */`,
    `const LLM = ${literal({ ...(baseURL ? { baseURL } : {}), model: config.model_id }, '', 12)};`,
    '',
    '/** The SDK model: an `OpenAI` client on the endpoint; OpenAI-compatible servers often need no key (the client insists on one). */',
    'function model(llm: LlmOptions) {',
  ];
  if (!baseURL) {
    w.use('codedError');
    const message = `${config.component_type} '${config.id}' is not supported by this module: pass llm.baseURL (an OpenAI-compatible endpoint)`;
    lines.push(`  if (!llm.baseURL) throw new CodedError('AS_UNSUPPORTED', ${str(message)});`);
  }
  lines.push(
    '  const client = new OpenAI({',
    `    baseURL: llm.baseURL ?? ${baseURL ? 'LLM.baseURL' : "''"},`,
    `    apiKey: llm.apiKey || ${route.apiKey},`,
    '    timeout: llm.timeoutMs ?? 60_000,',
    '    maxRetries: llm.retries ?? 2,',
    '    ...(llm.fetch ? { fetch: llm.fetch } : {}),',
    '  });',
  );
  if (route.api === 'chat') lines.push('  return new CheckedChatCompletionsModel(client, llm.model ?? LLM.model);');
  else {
    lines.push(
      '  // OpenAI itself through the Responses API; another endpoint (llm.baseURL) through Chat Completions',
      '  return llm.baseURL ? new CheckedChatCompletionsModel(client, llm.model ?? LLM.model) : new CheckedResponsesModel(client, llm.model ?? LLM.model);',
    );
  }
  lines.push('}');
  return lines.join('\n');
}

/** The `modelSettings` of the agent: generation parameters, other ones in `providerData` (sent as body fields). */
export function emitModelSettings(config: LlmConfig, column: number): string {
  return literal(modelSettings(generationParams(config)), '    ', column);
}
