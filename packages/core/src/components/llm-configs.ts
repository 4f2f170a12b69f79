import { comp, LLM_FIELDS, str } from '../model/fields.js';
import type { ComponentHandler } from './handler.js';

export const openAiConfig: ComponentHandler = {
  type: 'OpenAiConfig',
  summary: 'A model of the OpenAI API; the key comes from OPENAI_API_KEY or options, never from the spec.',
  fields: LLM_FIELDS,
};

export const openAiCompatibleConfig: ComponentHandler = {
  type: 'OpenAiCompatibleConfig',
  summary: 'A model behind any OpenAI-compatible endpoint at url (`/v1` appended when absent).',
  fields: [...LLM_FIELDS, { name: 'url', type: str, required: true }],
};

export const vllmConfig: ComponentHandler = {
  type: 'VllmConfig',
  summary: 'A model served by vLLM at url (OpenAI-compatible).',
  fields: [...LLM_FIELDS, { name: 'url', type: str, required: true }],
};

export const ollamaConfig: ComponentHandler = {
  type: 'OllamaConfig',
  summary: 'A model served by Ollama at url (OpenAI-compatible).',
  fields: [...LLM_FIELDS, { name: 'url', type: str, required: true }],
};

export const ociGenAiConfig: ComponentHandler = {
  type: 'OciGenAiConfig',
  summary: 'A model of OCI Generative AI in a compartment, with its OCI client configuration.',
  fields: [
    ...LLM_FIELDS,
    { name: 'compartment_id', type: str, required: true },
    { name: 'serving_mode', type: { kind: 'enum', values: ['ON_DEMAND', 'DEDICATED'] }, default: 'ON_DEMAND' },
    { name: 'provider', type: { kind: 'enum', values: ['META', 'GROK', 'COHERE', 'OTHER', 'XAI'] }, nullable: true, default: null },
    { name: 'client_config', type: comp('OciClientConfig'), required: true },
  ],
};
