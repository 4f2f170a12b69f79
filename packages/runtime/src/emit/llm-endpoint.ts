import { OPENAI_DEFAULT_BASE_URL } from '../llm/credential-origin.js';
import { str } from './literal.js';
import type { Snippet } from './snippet.js';

/**
 * Where an emitted module's LLM is and which key it gets: the same rule as
 * `resolveEndpoint` of @agentspec/runtime (llm/endpoint.ts and
 * llm/credential-origin.ts). Secrets never come from the spec, and each goes
 * only to the origin it was given for: `llm.apiKey` with `llm.baseURL` (the
 * caller's endpoint, as `llm.override`) to that endpoint; otherwise
 * `llm.apiKey` (else OPENAI_API_KEY) to the spec's endpoint only when it is on
 * OPENAI_BASE_URL's origin (else https://api.openai.com's) or its host is in
 * `llm.credentialHosts`.
 */
export const llmEndpoint: Snippet<'hostListed'> = {
  declares: ['LlmEndpointOptions', 'ResolvedLlm', 'llmEndpoint', 'llmBaseUrl'],
  needs: ['hostListed'],
  code: `/** What build() takes to say where the LLM is and with which key (each field overrides the spec's endpoint). */
interface LlmEndpointOptions {
  /** An OpenAI-compatible base URL: \`apiKey\` goes there. */
  readonly baseURL?: string | undefined;
  readonly apiKey?: string | undefined;
  readonly model?: string | undefined;
  /** Hosts (host or host:port) of spec-named endpoints that may receive \`apiKey\` (or OPENAI_API_KEY) although on another origin than it is for. */
  readonly credentialHosts?: readonly string[] | undefined;
}

/** The endpoint of the LLM, its model, and the key sent to it (none when the key is not for that origin). */
interface ResolvedLlm {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey?: string;
}

/**
 * The endpoint of the LLM: \`llm.baseURL\` with \`llm.apiKey\`; else the spec's (\`specBaseURL\`; undefined for
 * OpenAiConfig: OPENAI_BASE_URL, else ${OPENAI_DEFAULT_BASE_URL}). There \`llm.apiKey\` (else OPENAI_API_KEY) is sent only to
 * the origin it is for (OPENAI_BASE_URL's, else api.openai.com's) or to a host \`llm.credentialHosts\` lists: the spec
 * decides where its LLM is, never where your key goes.
 */
function llmEndpoint(specBaseURL: string | undefined, specModel: string, llm: LlmEndpointOptions): ResolvedLlm {
  const model = llm.model ?? specModel;
  if (llm.baseURL) return { baseURL: llm.baseURL, model, ...(llm.apiKey ? { apiKey: llm.apiKey } : {}) };
  const keyBase = process.env.OPENAI_BASE_URL ? llmBaseUrl(process.env.OPENAI_BASE_URL) : ${str(OPENAI_DEFAULT_BASE_URL)};
  const baseURL = specBaseURL ?? keyBase;
  const key = llm.apiKey ?? (process.env.OPENAI_API_KEY || undefined);
  const parse = (url: string): URL | undefined => {
    try {
      return new URL(url);
    } catch {
      return undefined;
    }
  };
  const target = parse(baseURL);
  const allowed = target !== undefined && (target.origin === parse(keyBase)?.origin || hostListed(target, llm.credentialHosts ?? []));
  return { baseURL, model, ...(key && allowed ? { apiKey: key } : {}) };
}

/** An OpenAI-compatible server URL with \`/v1\` (unless it ends in a version) and a scheme (http when it has none). */
function llmBaseUrl(url: string): string {
  let u = url.trim().replace(/\\/+$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\\/\\//i.test(u)) u = \`http://\${u}\`;
  return /\\/v\\d+$/.test(u) ? u : \`\${u}/v1\`;
}`,
};
