import { comp, compList, type FieldSpec } from '../../model/fields.js';
import type { ComponentType } from '../../model/types.js';
import { nstr, retryPolicy } from './fields.js';

/**
 * Fields that versions after 25.4.1 added to its components, typed (their
 * first version comes from the version table): checked, written after the
 * component's own fields, absent when absent. A value that says nothing new
 * (null, an empty list, the `neutral` value) needs no newer version.
 */
const apiType = (neutral: string): FieldSpec => nstr('api_type', { neutral, description: `Which API of the provider is called (${neutral} by default; e.g. responses).` });
const apiKey = nstr('api_key', { description: 'The API key (sensitive: written as a reference).' });
const certificates = [nstr('key_file'), nstr('cert_file'), nstr('ca_file')];
const openAiLike = [apiType('chat_completions'), apiKey, nstr('provider'), nstr('api_provider'), retryPolicy, ...certificates];
const sensitiveHeaders: FieldSpec = { name: 'sensitive_headers', type: { kind: 'string-map' }, nullable: true, description: 'Headers with secret values (written as a reference).' };
const urlAllowList: FieldSpec = { name: 'url_allow_list', type: { kind: 'string-list' }, nullable: true, description: 'URLs (scheme, host, port, path prefix) the rendered URL and every redirect must be in.' };
const transport = [sensitiveHeaders, { name: 'auth', type: comp('AuthConfig'), nullable: true } as FieldSpec, retryPolicy];

export const ADDED_FIELDS: Partial<Readonly<Record<ComponentType, readonly FieldSpec[]>>> = {
  Agent: [{ name: 'toolboxes', type: compList('ToolBox'), nullable: true }, { name: 'transforms', type: compList('MessageTransform'), nullable: true }],
  OciAgent: [retryPolicy],
  OpenAiConfig: [apiType('chat_completions'), apiKey, nstr('provider', { neutral: 'openai' }), nstr('api_provider', { neutral: 'openai' }), nstr('url'), retryPolicy],
  OpenAiCompatibleConfig: openAiLike,
  VllmConfig: openAiLike,
  OllamaConfig: openAiLike,
  OciGenAiConfig: [apiType('oci'), nstr('conversation_store_id'), nstr('api_provider', { neutral: 'oci' }), nstr('url'), apiKey, retryPolicy],
  ApiNode: [sensitiveHeaders, urlAllowList, retryPolicy],
  RemoteTool: [sensitiveHeaders, urlAllowList, retryPolicy],
  MCPTool: [retryPolicy],
  SSETransport: transport,
  StreamableHTTPTransport: transport,
  SSEmTLSTransport: transport,
  StreamableHTTPmTLSTransport: transport,
};

