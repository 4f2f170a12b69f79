import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { hostedToolOf, type HostedToolDefinition } from '@agentspec/runtime/import';
import type { Doc } from './document.js';
import type { ImportContext } from './import-context.js';
import { runNode } from './node-runner.js';
import { scanText } from './source-scan.js';
import { toolFunctionText } from './tool-function-text.js';
import { objectProperties } from './state-properties.js';

interface LangChainTool {
  readonly name: string;
  readonly description?: string;
  readonly schema?: unknown;
  readonly returnDirect?: boolean;
  invoke(input: unknown): Promise<unknown>;
}

/** What LangGraph's prebuilt HumanResponse says to go on with a call (`interrupt()` in a tool, approved). */
const ACCEPT = { type: 'accept', args: null };

/** Whether any of the tools returns directly (`returnDirect`: the agent ends with its result). */
export function returnsDirectly(tools: readonly unknown[]): string[] {
  return tools.filter((t) => (t as LangChainTool).returnDirect === true).map((t) => (t as LangChainTool).name);
}

/**
 * LangChain tools as ServerTools: name, description, and inputs from the
 * JSON Schema of their schema (zod or JSON Schema). Their implementations
 * join the import's `tools`, by name. A tool that calls `interrupt()` (or
 * that `confirm` names) requires confirmation; approving runs it, its
 * `interrupt()` answered with `{ type: 'accept', args: null }`.
 */
export async function toolDocuments(tools: readonly unknown[], owner: string, ctx: ImportContext, confirm: (tool: string) => boolean = () => false): Promise<Doc[]> {
  const docs: Doc[] = [];
  for (const t of tools) {
    if (isProviderTool(t)) {
      // a tool of the model's provider, bound as its definition (`{ type: 'web_search' }`, LangChain's built-in tools)
      const builtin = hostedToolOf(t, { id: ctx.id(`${owner}_${t.type}`), name: t.type });
      if (builtin) docs.push(builtin as unknown as Doc);
      else ctx.warn('LG_HOSTED_TOOL', owner, `tool { type: '${t.type}' } of agent '${owner}' is no BuiltinTool of Agent Spec (no hosted tool of the Responses API has that type): it is left out`);
      continue;
    }
    const tool = t as LangChainTool;
    let schema: Record<string, unknown> | undefined;
    try {
      schema = tool.schema === undefined ? undefined : (toJsonSchema(tool.schema as never) as Record<string, unknown>);
    } catch {
      ctx.warn('LG_TOOL_SCHEMA', tool.name, `the schema of tool '${tool.name}' cannot be read as JSON Schema: the tool has no inputs in the spec`);
    }
    const interrupts = scanText(await toolFunctionText(tool)).interrupts;
    if (interrupts > 0) {
      ctx.warn('LG_INTERRUPT', tool.name, `tool '${tool.name}' of agent '${owner}' calls interrupt(): in the spec it requires confirmation; approving a call runs it, interrupt() answered with { type: 'accept', args: null } (LangGraph's HumanResponse), rejecting one tells the LLM`);
    }
    if (typeof tool.invoke === 'function') {
      ctx.tools[tool.name] = interrupts > 0 ? async (args) => runNode(tool, args, Array.from({ length: interrupts }, () => ACCEPT), tool.name) : async (args) => tool.invoke(args);
    }
    docs.push({
      component_type: 'ServerTool', id: ctx.id(`${owner}_${tool.name}`), name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      inputs: objectProperties(schema),
      ...(confirm(tool.name) || interrupts > 0 ? { requires_confirmation: true } : {}),
    });
  }
  return docs;
}

/**
 * A tool given as the provider's definition: an object with a `type` (not a function tool's definition, which the
 * chat model makes of every LangChain tool), and neither a name nor an `invoke` (no LangChain tool).
 */
export function isProviderTool(t: unknown): t is HostedToolDefinition {
  if (typeof t !== 'object' || t === null) return false;
  const o = t as { type?: unknown; name?: unknown; invoke?: unknown };
  return typeof o.type === 'string' && o.type !== 'function' && o.name === undefined && typeof o.invoke !== 'function';
}
