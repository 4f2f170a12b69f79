import { buildLater, type BuiltinTool, type JsonObject } from '@agentspec/core';
import { HOSTED_TOOLS } from '../semantics/builtin-tools.js';

/** A hosted tool as the Responses API spells it: `{ type, ...fields }` (snake_case). */
export type HostedToolDefinition = { readonly type: string } & Readonly<Record<string, unknown>>;

/**
 * Fields the frameworks fill in when a program gives none, each the Responses
 * API's own default: left out of an imported tool's configuration, as the
 * runtime's `defaults` are (an OpenAI Agents `webSearchTool()` sends
 * `search_context_size: 'medium'`, the API's default).
 */
const FILLED_IN: Readonly<Record<string, JsonObject>> = { web_search: { search_context_size: 'medium' } };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The BuiltinTool of a hosted tool a framework program gives its model (the
 * inverse of `hostedToolDefinition`), or undefined when its type is none of
 * HOSTED_TOOLS (the importer reports it): `tool_type` is the Responses API's
 * type, `configuration` the definition's other fields, less those at the
 * value the runtime or the framework sends anyway (and the `name` the OpenAI
 * Agents SDK adds).
 */
export function hostedToolOf(definition: HostedToolDefinition, names: { readonly id: string; readonly name: string; readonly description?: string }): BuiltinTool | undefined {
  const kind = HOSTED_TOOLS[definition.type];
  if (!kind) return undefined;
  const defaults: JsonObject = { ...kind.defaults, ...FILLED_IN[definition.type] };
  const configuration = Object.fromEntries(Object.entries(definition).filter(([k, v]) => k !== 'type' && k !== 'name' && v !== undefined && v !== null && !(k in defaults && same(defaults[k], v))));
  return buildLater('BuiltinTool', {
    id: names.id,
    name: names.name,
    ...(names.description ? { description: names.description } : {}),
    tool_type: definition.type,
    ...(Object.keys(configuration).length > 0 ? { configuration: configuration as JsonObject } : {}),
  }) as BuiltinTool;
}

/** `{ aB: 1 }` → `{ a_b: 1 }` (one level): the Responses API's spelling of an AI SDK option object. */
function snake(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
}

/**
 * The Responses API definition of a provider-defined tool of `@ai-sdk/openai`
 * (`openai.tools.webSearch(options)` is `{ type: 'provider', id:
 * 'openai.web_search', args: options }`; the inverse of `aiSdkProviderTool`),
 * or undefined when it is not OpenAI's or not one of HOSTED_TOOLS. The AI SDK
 * and Mastra importers read provider tools through it.
 */
export function aiSdkHostedToolDefinition(id: string, args: Readonly<Record<string, unknown>> = {}): HostedToolDefinition | undefined {
  const [provider, type] = id.split('.');
  if (provider !== 'openai' || !type || !HOSTED_TOOLS[type]) return undefined;
  switch (type) {
    case 'web_search':
      return { type, search_context_size: args.searchContextSize, user_location: snake(args.userLocation), filters: snake(args.filters) };
    case 'file_search':
      return { type, vector_store_ids: args.vectorStoreIds, max_num_results: args.maxNumResults, ranking_options: snake(args.ranking), filters: args.filters };
    case 'code_interpreter': {
      const container = args.container as string | { fileIds?: unknown } | undefined;
      // the AI SDK's { fileIds } is the Responses API's auto container with those files
      return { type, container: typeof container === 'object' && container !== null ? { type: 'auto', ...(container.fileIds ? { file_ids: container.fileIds } : {}) } : container };
    }
    default:
      return { type, ...(snake(args) as Record<string, unknown>) };
  }
}
