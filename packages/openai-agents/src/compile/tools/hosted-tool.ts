import type { BuiltinTool } from '@agentspec/core';
import { hostedToolDefinition } from '@agentspec/runtime';
import { codeInterpreterTool, fileSearchTool, imageGenerationTool, webSearchTool, type HostedTool } from '@openai/agents';

type Fields = Readonly<Record<string, unknown>>;

/** The options whose values are given: `{ a: 1, b: undefined }` → `{ a: 1 }`. */
function defined(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}

/** The hosted-tool factories of the Agents SDK, by name. */
const FACTORIES = { webSearchTool, fileSearchTool, codeInterpreterTool, imageGenerationTool } as const;

/** Which factory of `@openai/agents` makes a BuiltinTool, and its arguments (plain data: compiled, or written as literals). */
export interface HostedToolCall {
  readonly factory: keyof typeof FACTORIES;
  readonly args: readonly unknown[];
}

/**
 * A BuiltinTool as the Agents SDK's hosted tool of the same Responses API
 * type (admit() checked it: `builtinToolRefusal`): `webSearchTool()`,
 * `fileSearchTool()`, `codeInterpreterTool()`, `imageGenerationTool()`, each
 * configured from the tool's `configuration` (the Responses API's fields,
 * snake_case, turned into the SDK's options). compileOpenAiAgents calls it,
 * emitOpenAiAgents writes the call.
 */
export function hostedToolCall(tool: BuiltinTool): HostedToolCall {
  const d: Fields = hostedToolDefinition(tool);
  switch (d.type) {
    case 'web_search': {
      const filters = d.filters as { allowed_domains?: string[] } | undefined;
      return {
        factory: 'webSearchTool',
        args: [defined({ searchContextSize: d.search_context_size, userLocation: d.user_location, filters: filters ? { allowedDomains: filters.allowed_domains ?? null } : undefined })],
      };
    }
    case 'file_search':
      return { factory: 'fileSearchTool', args: [d.vector_store_ids ?? [], defined({ maxNumResults: d.max_num_results, rankingOptions: d.ranking_options, filters: d.filters })] };
    case 'code_interpreter':
      return { factory: 'codeInterpreterTool', args: [defined({ container: d.container })] };
    case 'image_generation':
      return {
        factory: 'imageGenerationTool',
        args: [defined({
          background: d.background, inputFidelity: d.input_fidelity, model: d.model, moderation: d.moderation, outputCompression: d.output_compression,
          outputFormat: d.output_format, partialImages: d.partial_images, quality: d.quality, size: d.size,
        })],
      };
    default:
      // HOSTED_TOOLS lists these four: a type added there breaks here until it is mapped
      throw new Error(`no hosted tool of the Agents SDK for tool_type '${tool.tool_type}'`);
  }
}

/** The Agents SDK's hosted tool of a BuiltinTool (`hostedToolCall`). */
export function compileHostedTool(tool: BuiltinTool): HostedTool {
  const { factory, args } = hostedToolCall(tool);
  return (FACTORIES[factory] as (...a: readonly unknown[]) => HostedTool)(...args);
}
