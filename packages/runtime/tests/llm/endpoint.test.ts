import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LlmConfig } from '@agentspec/core';
import { resolveEndpoint, specLlmBaseUrl } from '../../src/llm/endpoint.js';

const compatible = (url: string) => ({ component_type: 'OpenAiCompatibleConfig', id: 'l', name: 'l', model_id: 'm', url }) as unknown as LlmConfig;
const openAi = { component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt' } as unknown as LlmConfig;

describe('resolveEndpoint binds each key to its origin', () => {
  const saved = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };
  beforeEach(() => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  });
  afterEach(() => {
    for (const [name, value] of [['OPENAI_API_KEY', saved.key], ['OPENAI_BASE_URL', saved.base]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('sends llm.apiKey and OPENAI_API_KEY to api.openai.com', () => {
    expect(resolveEndpoint(openAi, { apiKey: 'k' })).toEqual({ baseUrl: 'https://api.openai.com/v1', model: 'gpt', apiKey: 'k', api: 'chat_completions', openAi: true });
    process.env.OPENAI_API_KEY = 'env';
    expect(resolveEndpoint(openAi).apiKey).toBe('env');
  });

  it('sends no key to a spec-named url on another origin', () => {
    process.env.OPENAI_API_KEY = 'env';
    expect(resolveEndpoint(compatible('http://evil.example:9000'), { apiKey: 'k' })).toEqual({ baseUrl: 'http://evil.example:9000/v1', model: 'm', api: 'chat_completions', openAi: false });
    expect(resolveEndpoint(compatible('https://api.openai.com.evil.example')).apiKey).toBeUndefined();
    expect(resolveEndpoint(compatible('http://api.openai.com')).apiKey).toBeUndefined(); // another scheme: another origin
  });

  it('sends the key to the api.openai.com origin and to hosts in llm.credentialHosts', () => {
    expect(resolveEndpoint(compatible('https://api.openai.com'), { apiKey: 'k' }).apiKey).toBe('k');
    expect(resolveEndpoint(compatible('http://llm.internal:8000'), { apiKey: 'k', credentialHosts: ['llm.internal:8000'] }).apiKey).toBe('k');
    expect(resolveEndpoint(compatible('http://llm.internal:8000'), { apiKey: 'k', credentialHosts: ['LLM.internal'] }).apiKey).toBe('k');
    expect(resolveEndpoint(compatible('http://llm.internal:8001'), { apiKey: 'k', credentialHosts: ['llm.internal:8000'] }).apiKey).toBeUndefined();
  });

  it('binds the key to OPENAI_BASE_URL when set, which OpenAiConfig then uses', () => {
    process.env.OPENAI_BASE_URL = 'http://gateway.local:4000/v1';
    expect(resolveEndpoint(openAi, { apiKey: 'k' })).toEqual({ baseUrl: 'http://gateway.local:4000/v1', model: 'gpt', apiKey: 'k', api: 'chat_completions', openAi: true });
    expect(resolveEndpoint(compatible('http://gateway.local:4000'), { apiKey: 'k' }).apiKey).toBe('k');
    expect(resolveEndpoint(compatible('https://api.openai.com'), { apiKey: 'k' }).apiKey).toBeUndefined();
  });

  it('sends override.apiKey to the override url only, never llm.apiKey', () => {
    expect(resolveEndpoint(compatible('http://x:1'), { override: { url: 'http://127.0.0.1:5', apiKey: 'o' }, apiKey: 'k' }))
      .toEqual({ baseUrl: 'http://127.0.0.1:5/v1', model: 'm', apiKey: 'o', api: 'chat_completions', openAi: false });
    expect(resolveEndpoint(openAi, { override: { url: 'http://127.0.0.1:5' }, apiKey: 'k' }).apiKey).toBeUndefined();
  });
});

const generic = (fields: Record<string, unknown>) => ({ component_type: 'LlmConfig', id: 'g', name: 'g', model_id: 'm', ...fields }) as unknown as LlmConfig;

describe('the generic LlmConfig and api_type', () => {
  beforeEach(() => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  });

  it('reaches api_provider openai at api.openai.com (or its url), the OpenAI-compatible providers and a bare url at that url', () => {
    expect(resolveEndpoint(generic({ api_provider: 'openai' }), { apiKey: 'k' })).toEqual({ baseUrl: 'https://api.openai.com/v1', model: 'm', apiKey: 'k', api: 'chat_completions', openAi: true });
    expect(resolveEndpoint(generic({ provider: 'openai' })).baseUrl).toBe('https://api.openai.com/v1');
    expect(resolveEndpoint(generic({ api_provider: 'OpenAI', url: 'http://proxy.local:8080' }), { apiKey: 'k' })).toEqual({ baseUrl: 'http://proxy.local:8080/v1', model: 'm', api: 'chat_completions', openAi: false });
    for (const p of ['vllm', 'ollama', 'openai_compatible']) expect(resolveEndpoint(generic({ api_provider: p, url: 'http://gpu:8000' })).baseUrl).toBe('http://gpu:8000/v1');
    expect(resolveEndpoint(generic({ provider: 'meta', url: 'http://gpu:8000/v1' })).baseUrl).toBe('http://gpu:8000/v1');
  });

  it('names the spec\'s base URL as resolveEndpoint reaches it (specLlmBaseUrl, what emitted modules write): none for OpenAI\'s own API', () => {
    expect(specLlmBaseUrl(openAi)).toBeUndefined();
    expect(specLlmBaseUrl(generic({ api_provider: 'openai' }))).toBeUndefined();
    expect(specLlmBaseUrl(generic({ provider: 'openai' }))).toBeUndefined();
    expect(specLlmBaseUrl(generic({ api_provider: 'openai', url: 'http://proxy.local:8080' }))).toBe('http://proxy.local:8080/v1');
    expect(specLlmBaseUrl(generic({ api_provider: 'vllm', url: '127.0.0.1:8000' }))).toBe('http://127.0.0.1:8000/v1');
    expect(specLlmBaseUrl(compatible('http://x:1/'))).toBe('http://x:1/v1');
    expect(() => specLlmBaseUrl(generic({ api_provider: 'oci' }))).toThrow(/its api_provider 'oci', which no client here speaks/);
  });

  it('refuses (AS_UNSUPPORTED) an API provider no client here speaks, a provider without url and a config naming no endpoint; llm.override reaches them all', () => {
    expect(() => resolveEndpoint(generic({ api_provider: 'aws_bedrock' }))).toThrow(/LlmConfig 'g' cannot be run by this runtime: its api_provider 'aws_bedrock', which no client here speaks/);
    expect(() => resolveEndpoint(generic({ api_provider: 'vllm' }))).toThrow(/its api_provider 'vllm' has no default URL/);
    expect(() => resolveEndpoint(generic({ provider: 'meta' }))).toThrow(/names neither an api_provider nor a url/);
    expect(resolveEndpoint(generic({ api_provider: 'aws_bedrock', api_type: 'responses' }), { override: { url: 'http://127.0.0.1:5' } })).toEqual({ baseUrl: 'http://127.0.0.1:5/v1', model: 'm', api: 'responses', openAi: false });
  });

  it('calls every config through its api_type: chat_completions by default, responses (OCI: openai_responses) when it says so', () => {
    expect(resolveEndpoint(compatible('http://x:1')).api).toBe('chat_completions');
    expect(resolveEndpoint({ ...compatible('http://x:1'), api_type: 'responses' } as LlmConfig).api).toBe('responses');
    expect(resolveEndpoint({ ...openAi, api_type: 'responses' } as LlmConfig, { override: { url: 'http://127.0.0.1:5' } }).api).toBe('responses');
    expect(resolveEndpoint({ component_type: 'OciGenAiConfig', id: 'o', name: 'o', model_id: 'm', api_type: 'openai_responses' } as unknown as LlmConfig, { override: { url: 'http://127.0.0.1:5' } }).api).toBe('responses');
  });
});
