import { toJsonSchema } from '@langchain/core/utils/json_schema';
import type { Doc } from './document.js';
import type { ImportContext } from './import-context.js';
import { objectProperties } from './state-properties.js';

interface LangChainTool {
  readonly name: string;
  readonly description?: string;
  readonly schema?: unknown;
  readonly returnDirect?: boolean;
  invoke(input: unknown): Promise<unknown>;
}

/**
 * LangChain tools as ServerTools: name, description, and inputs from the
 * JSON Schema of their schema (zod or JSON Schema). Their implementations
 * join the import's `tools`, by name.
 */
export function toolDocuments(tools: readonly unknown[], owner: string, ctx: ImportContext): Doc[] {
  return tools.map((t) => {
    const tool = t as LangChainTool;
    let schema: Record<string, unknown> | undefined;
    try {
      schema = tool.schema === undefined ? undefined : (toJsonSchema(tool.schema as never) as Record<string, unknown>);
    } catch {
      ctx.warn('approximated', tool.name, `the schema of tool '${tool.name}' cannot be read as JSON Schema: the tool has no inputs in the spec`);
    }
    if (tool.returnDirect) ctx.warn('unsupported', tool.name, `tool '${tool.name}' returns directly: in the spec its result goes back to the LLM`);
    if (typeof tool.invoke === 'function') ctx.tools[tool.name] = async (args) => tool.invoke(args);
    return {
      component_type: 'ServerTool', id: ctx.id(`${owner}_${tool.name}`), name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      inputs: objectProperties(schema),
    };
  });
}
