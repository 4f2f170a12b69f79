import type { BuiltinTool } from '@agentspec/core';
import { hostedToolDefinition } from './builtin-tools.js';

type Fields = Readonly<Record<string, unknown>>;

/** Which factory of `openai.tools` of `@ai-sdk/openai` makes a BuiltinTool, and with what options. */
export interface AiSdkProviderTool {
  readonly factory: 'webSearch' | 'fileSearch' | 'codeInterpreter' | 'imageGeneration';
  readonly options: Readonly<Record<string, unknown>>;
}

/** The options whose values are given: `{ a: 1, b: undefined }` → `{ a: 1 }`. */
function defined(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}

/** `{ a_b: 1 }` → `{ aB: 1 }` (one level): the AI SDK's spelling of a Responses API object. */
function camel(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
}

/**
 * A BuiltinTool as the provider-defined tool of `@ai-sdk/openai` of the same
 * Responses API type (admit() checked it: `builtinToolRefusal`; the agent's
 * model is a Responses model): `openai.tools.webSearch()`, `fileSearch()`,
 * `codeInterpreter()`, `imageGeneration()` and their options, from the tool's
 * `configuration` (the Responses API's fields, snake_case, turned into the AI
 * SDK's). The AI SDK and Mastra (which runs on AI SDK models) both call
 * `openai.tools[factory](options)`; the provider runs the tool.
 */
export function aiSdkProviderTool(tool: BuiltinTool): AiSdkProviderTool {
  const d: Fields = hostedToolDefinition(tool);
  switch (d.type) {
    case 'web_search':
      return { factory: 'webSearch', options: defined({ searchContextSize: d.search_context_size, userLocation: camel(d.user_location), filters: camel(d.filters) }) };
    case 'file_search':
      return { factory: 'fileSearch', options: defined({ vectorStoreIds: d.vector_store_ids ?? [], maxNumResults: d.max_num_results, ranking: camel(d.ranking_options), filters: d.filters }) };
    case 'code_interpreter': {
      const container = d.container as string | { type?: string; file_ids?: string[] } | undefined;
      // the Responses API's { type: 'auto', file_ids } is the AI SDK's { fileIds } (an auto container)
      return { factory: 'codeInterpreter', options: typeof container === 'string' ? { container } : container?.file_ids ? { container: { fileIds: container.file_ids } } : {} };
    }
    case 'image_generation': {
      const { type: _type, ...options } = d;
      return { factory: 'imageGeneration', options: camel(options) ?? {} };
    }
    default:
      // HOSTED_TOOLS lists these four: a type added there breaks here until it is mapped
      throw new Error(`no provider tool of @ai-sdk/openai for tool_type '${tool.tool_type}'`);
  }
}
