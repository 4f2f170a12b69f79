// The llmEndpoint snippet (where an emitted module's LLM is, and which key it gets), evaluated: the same
// endpoint and key as resolveEndpoint of the runtime, for every combination of config, options and environment.
import { afterEach, describe, expect, it } from 'vitest';
import type { LlmConfig } from '@agentspec/core';
import { openAiBaseUrl, resolveEndpoint, type LlmOptions } from '../../src/index.js';
import { load } from './load-snippets.js';

interface Options { baseURL?: string; apiKey?: string; model?: string; credentialHosts?: readonly string[] }
const { llmEndpoint } = load(['llmEndpoint']) as unknown as {
  llmEndpoint: (specBaseURL: string | undefined, specModel: string, llm: Options) => { baseURL: string; model: string; apiKey?: string };
};

const compatible = (url: string) => ({ component_type: 'OpenAiCompatibleConfig', id: 'l', name: 'l', model_id: 'm', url }) as unknown as LlmConfig;
const openAi = { component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt' } as unknown as LlmConfig;

/** What an emitter passes: the config's URL with `/v1` (none for OpenAiConfig) and its model. */
function emitted(config: LlmConfig, llm: LlmOptions): { baseURL: string; apiKey?: string } {
  const url = (config as { url?: string }).url;
  const o = llm.override;
  const options: Options = o
    ? { baseURL: openAiBaseUrl(o.url), ...(o.apiKey ? { apiKey: o.apiKey } : {}) }
    : { ...(llm.apiKey ? { apiKey: llm.apiKey } : {}), ...(llm.credentialHosts ? { credentialHosts: llm.credentialHosts } : {}) };
  const { baseURL, apiKey } = llmEndpoint(url === undefined ? undefined : openAiBaseUrl(url), (config as { model_id: string }).model_id, options);
  return { baseURL, ...(apiKey ? { apiKey } : {}) };
}

const saved = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };
afterEach(() => {
  for (const [name, value] of [['OPENAI_API_KEY', saved.key], ['OPENAI_BASE_URL', saved.base]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('llmEndpoint snippet', () => {
  const configs = [
    openAi, compatible('http://evil.example:9000'), compatible('https://api.openai.com.evil.example'), compatible('http://api.openai.com'),
    compatible('https://api.openai.com'), compatible('http://llm.internal:8000'), compatible('http://gateway.local:4000'), compatible('127.0.0.2:5000'),
    compatible('http://[::1]:8000'),
  ];
  const options: LlmOptions[] = [
    {}, { apiKey: 'k' }, { apiKey: 'k', credentialHosts: ['llm.internal:8000'] }, { apiKey: 'k', credentialHosts: ['LLM.internal'] },
    { apiKey: 'k', credentialHosts: ['llm.internal:8001', '127.0.0.2'] }, { apiKey: 'k', credentialHosts: ['[::1]:8000'] },
    { override: { url: 'http://127.0.0.1:5', apiKey: 'o' }, apiKey: 'k' }, { override: { url: 'http://127.0.0.1:5' }, apiKey: 'k' },
  ];
  const environments: { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string }[] = [
    {}, { OPENAI_API_KEY: 'env' }, { OPENAI_BASE_URL: 'http://gateway.local:4000/v1' }, { OPENAI_API_KEY: 'env', OPENAI_BASE_URL: 'gateway.local:4000' },
  ];

  it('sends each key where resolveEndpoint of the runtime sends it, and nowhere else', () => {
    let keys = 0;
    for (const env of environments) {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      Object.assign(process.env, env);
      for (const config of configs) {
        for (const llm of options) {
          const runtime = resolveEndpoint(config, llm);
          const expected = { baseURL: runtime.baseUrl, ...(runtime.apiKey ? { apiKey: runtime.apiKey } : {}) };
          expect(emitted(config, llm), `${JSON.stringify(config)} ${JSON.stringify(llm)} ${JSON.stringify(env)}`).toEqual(expected);
          if (runtime.apiKey) keys++;
        }
      }
    }
    // both outcomes are covered
    expect(keys).toBeGreaterThan(20);
    expect(keys).toBeLessThan(environments.length * configs.length * options.length);
  });

  it('keeps the spec endpoint but takes llm.model, as the modules always did', () => {
    expect(llmEndpoint('http://127.0.0.2:1/v1', 'spec-model', { model: 'other', apiKey: 'k' })).toEqual({ baseURL: 'http://127.0.0.2:1/v1', model: 'other' });
    expect(llmEndpoint('http://127.0.0.2:1/v1', 'spec-model', { baseURL: 'http://127.0.0.1:2/v1', apiKey: 'k' })).toEqual({ baseURL: 'http://127.0.0.1:2/v1', model: 'spec-model', apiKey: 'k' });
  });
});
