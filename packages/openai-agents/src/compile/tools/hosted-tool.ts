import type { BuiltinTool } from '@agentspec/core';
import { hostedToolDefinition } from '@agentspec/runtime';
import { codeInterpreterTool, fileSearchTool, imageGenerationTool, webSearchTool, type HostedTool } from '@openai/agents';

type Fields = Readonly<Record<string, unknown>>;

/** The options whose values are given: `{ a: 1, b: undefined }` → `{ a: 1 }`. */
function defined<T extends Record<string, unknown>>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const field = <T>(d: Fields, key: string): T | undefined => d[key] as T | undefined;

/**
 * A BuiltinTool as the Agents SDK's hosted tool of the same Responses API
 * type (admit() checked it: `builtinToolRefusal`): `webSearchTool()`,
 * `fileSearchTool()`, `codeInterpreterTool()`, `imageGenerationTool()`, each
 * configured from the tool's `configuration` (the Responses API's fields,
 * snake_case, turned into the SDK's options).
 */
export function compileHostedTool(tool: BuiltinTool): HostedTool {
  const d = hostedToolDefinition(tool);
  switch (d.type) {
    case 'web_search': {
      const filters = field<{ allowed_domains?: string[] }>(d, 'filters');
      return webSearchTool(defined({
        searchContextSize: field<'low' | 'medium' | 'high'>(d, 'search_context_size'),
        userLocation: field<Parameters<typeof webSearchTool>[0] extends infer O ? O extends { userLocation?: infer U } ? U : never : never>(d, 'user_location'),
        filters: filters ? { allowedDomains: filters.allowed_domains ?? null } : undefined,
      }));
    }
    case 'file_search':
      return fileSearchTool(field<string[]>(d, 'vector_store_ids') ?? [], defined({
        maxNumResults: field<number>(d, 'max_num_results'),
        rankingOptions: field<never>(d, 'ranking_options'),
        filters: field<never>(d, 'filters'),
      }));
    case 'code_interpreter':
      return codeInterpreterTool(defined({ container: field<never>(d, 'container') }));
    case 'image_generation':
      return imageGenerationTool(defined({
        background: field<string>(d, 'background'),
        inputFidelity: field<'high' | 'low'>(d, 'input_fidelity'),
        model: field<string>(d, 'model'),
        moderation: field<string>(d, 'moderation'),
        outputCompression: field<number>(d, 'output_compression'),
        outputFormat: field<string>(d, 'output_format'),
        partialImages: field<number>(d, 'partial_images'),
        quality: field<string>(d, 'quality'),
        size: field<string>(d, 'size'),
      }));
    default:
      // HOSTED_TOOLS lists these four: a type added there breaks here until it is mapped
      throw new Error(`no hosted tool of the Agents SDK for tool_type '${tool.tool_type}'`);
  }
}
