import type { BuiltinTool } from '@agentspec/core';
import { hostedToolDefinition } from '@agentspec/runtime';
import { openai } from '@ai-sdk/openai';
import type { Tool } from 'ai';

type Fields = Readonly<Record<string, unknown>>;

/** The options whose values are given: `{ a: 1, b: undefined }` → `{ a: 1 }`. */
function defined<T extends Record<string, unknown>>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const field = <T>(d: Fields, key: string): T | undefined => d[key] as T | undefined;

/** `{ a_b: 1 }` → `{ aB: 1 }` (one level): the AI SDK's spelling of a Responses API object. */
function camel(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
}

/**
 * A BuiltinTool as the provider-defined tool of `@ai-sdk/openai` of the same
 * Responses API type (admit() checked it: `builtinToolRefusal`; the agent's
 * model is a Responses model): `openai.tools.webSearch()`, `fileSearch()`,
 * `codeInterpreter()`, `imageGeneration()`, configured from the tool's
 * `configuration` (the Responses API's fields, snake_case, turned into the
 * AI SDK's options). The provider runs it: the AI SDK executes nothing.
 */
export function providerTool(tool: BuiltinTool): Tool {
  const d = hostedToolDefinition(tool);
  const t = openai.tools;
  switch (d.type) {
    case 'web_search':
      return t.webSearch(defined({
        searchContextSize: field<'low' | 'medium' | 'high'>(d, 'search_context_size'),
        userLocation: camel(d.user_location) as never,
        filters: camel(d.filters) as never,
      })) as Tool;
    case 'file_search':
      return t.fileSearch(defined({
        vectorStoreIds: field<string[]>(d, 'vector_store_ids') ?? [],
        maxNumResults: field<number>(d, 'max_num_results'),
        ranking: camel(d.ranking_options) as never,
        filters: field<never>(d, 'filters'),
      }) as never) as Tool;
    case 'code_interpreter': {
      const container = d.container as string | { type?: string; file_ids?: string[] } | undefined;
      // the Responses API's { type: 'auto', file_ids } is the AI SDK's { fileIds } (an auto container)
      const options = typeof container === 'string' ? { container } : container?.file_ids ? { container: { fileIds: container.file_ids } } : {};
      return t.codeInterpreter(options) as Tool;
    }
    case 'image_generation': {
      const { type: _type, ...options } = d;
      return t.imageGeneration(camel(options) as never) as Tool;
    }
    default:
      // HOSTED_TOOLS lists these four: a type added there breaks here until it is mapped
      throw new Error(`no provider tool of @ai-sdk/openai for tool_type '${tool.tool_type}'`);
  }
}
