import { build, type ComponentType, type Property, type Tool as SpecTool } from '@agentspec/core';
import { RunContext, type FunctionTool, type Tool } from '@openai/agents';
import { HOSTED_TOOLS, SUBMIT_RESULT, type ToolRegistry } from '@agentspec/runtime';
import { hostedToolOf, type HostedToolDefinition } from '@agentspec/runtime/import';
import { compiledFrom } from '../compile/provenance.js';
import type { ImportOptions } from '../types.js';
import type { AnyAgent } from './any-agent.js';
import { schemaProperties } from './schema-properties.js';
import { agentToolSource, approvalIsFunction } from './sdk-internals.js';
import type { Warnings } from './warnings.js';

export interface ImportedTools {
  readonly tools: SpecTool[];
  /** Implementations of the ServerTools: the SDK tools' `invoke`. */
  readonly registry: Record<string, ToolRegistry[string]>;
  /** Outputs, when the agent finishes through a `submit_result` tool. */
  readonly outputs?: Property[];
  /** Agents called as tools (`agent.asTool()`), by tool name. */
  readonly agentTools: readonly AgentTool[];
}

/** An `agent.asTool()` tool: its name, the agent it runs, and the SDK tool. */
export interface AgentTool {
  readonly toolName: string;
  readonly agent: AnyAgent;
  readonly tool: FunctionTool<unknown, never, unknown>;
}

type AnyFunctionTool = FunctionTool<unknown, never, unknown>;

/** Whether every call needs approval: `needsApproval: true`, or a function (reported, then every call asks). */
async function needsApproval(tool: AnyFunctionTool, options: ImportOptions, warnings: Warnings): Promise<boolean> {
  if (await approvalIsFunction(tool, options.modulePath)) {
    const name = (tool.needsApproval as { name?: string }).name;
    warnings.add('OAI_APPROVAL_FUNCTION', tool.name, `its approval is decided by a function${name && name !== 'needsApproval' ? ` ('${name}')` : ''}: imported as requires_confirmation: true (every call asks)`);
    return true;
  }
  try {
    return (await tool.needsApproval(new RunContext({}), {} as never, 'agentspec-import')) === true;
  } catch {
    return true;
  }
}

/** Whether the agent ends on a call of `submit_result` (this package's finish, or `stopAtToolNames`). */
function finishesOnSubmit(agent: AnyAgent): boolean {
  const b = agent.toolUseBehavior as unknown;
  return typeof b === 'function' || (typeof b === 'object' && b !== null && (b as { stopAtToolNames?: string[] }).stopAtToolNames?.includes(SUBMIT_RESULT) === true);
}

/** A hosted tool's kind, for the warning: `web_search`, `file_search`, … (or its type: computer, shell, apply_patch). */
function hostedKind(t: Tool<unknown>): string {
  const provider = (t as { providerData?: { type?: unknown } }).providerData?.type;
  return typeof provider === 'string' ? provider : t.type;
}

/**
 * A hosted tool (`webSearchTool()`, `fileSearchTool(ids)`,
 * `codeInterpreterTool()`, `imageGenerationTool()`) as a BuiltinTool: its
 * `providerData` is the Responses API's definition. One this package compiled
 * comes back as the BuiltinTool it was made from. Undefined for any other
 * (computer, shell, apply-patch, a hosted MCP server…): reported.
 */
function builtinTool(t: Tool<unknown>): SpecTool | undefined {
  const from = compiledFrom.get(t);
  if (from?.component_type === 'BuiltinTool') return from;
  const data = (t as { providerData?: unknown }).providerData;
  if (t.type !== 'hosted_tool' || typeof data !== 'object' || data === null || typeof (data as { type?: unknown }).type !== 'string') return undefined;
  return hostedToolOf(data as HostedToolDefinition, { id: t.name, name: t.name }) as unknown as SpecTool | undefined;
}

/**
 * An SDK agent's tools as Agent Spec tools: a function tool is a ServerTool
 * (a ClientTool when `options.clientTools` names it) with its name,
 * description, JSON Schema parameters as inputs and `needsApproval` as
 * `requires_confirmation`. For tools this package compiled, what the SDK
 * cannot say (the kind, outputs, HTTP or MCP details) is read from their
 * provenance. A hosted tool of the Responses API is a BuiltinTool; computer,
 * shell and apply-patch tools are reported.
 * With `agentToolsAsWorkers`, `agent.asTool()` tools are only returned in
 * `agentTools` (they become the workers of a ManagerWorkers).
 */
export async function importTools(
  agent: AnyAgent, agentId: string, options: ImportOptions, warnings: Warnings, how: { readonly agentToolsAsWorkers?: boolean } = {},
): Promise<ImportedTools> {
  const tools: SpecTool[] = [];
  const registry: Record<string, ToolRegistry[string]> = {};
  const agentTools: AgentTool[] = [];
  let outputs: Property[] | undefined;
  for (const t of agent.tools as Tool<unknown>[]) {
    if (t.type !== 'function') {
      const builtin = builtinTool(t);
      if (builtin) tools.push(builtin);
      else warnings.add('OAI_HOSTED_TOOL', agentId, `tool '${t.name}' (${hostedKind(t)}) is not one of the hosted tools a BuiltinTool names (${Object.keys(HOSTED_TOOLS).join(', ')}): left out`);
      continue;
    }
    const fn = t as AnyFunctionTool;
    const from = compiledFrom.get(fn);
    if (fn.name === SUBMIT_RESULT && finishesOnSubmit(agent) && (!from || from.id === SUBMIT_RESULT)) {
      outputs = schemaProperties(fn.parameters, agentId, warnings);
      continue;
    }
    const source = await agentToolSource(fn, options.modulePath);
    if (source) agentTools.push({ toolName: fn.name, agent: source, tool: fn });
    if (source && how.agentToolsAsWorkers) continue;
    const approval = await needsApproval(fn, options, warnings);
    const fields = {
      id: fn.name,
      name: fn.name,
      ...(fn.description ? { description: fn.description } : {}),
      inputs: schemaProperties(fn.parameters, fn.name, warnings),
    };
    if (from) {
      const confirm = from.component_type === 'ClientTool' ? from.requires_confirmation === true : approval;
      const { id: _id, name: _name, description: _description, inputs: _inputs, requires_confirmation: _rc, ...rest } = from;
      tools.push(build(from.component_type as ComponentType, { ...rest, ...fields, ...(confirm ? { requires_confirmation: true } : {}) } as never) as SpecTool);
      continue;
    }
    const kind = options.clientTools?.includes(fn.name) ? 'ClientTool' : 'ServerTool';
    tools.push(build(kind, { ...fields, ...(approval ? { requires_confirmation: true } : {}) }));
    if (kind === 'ServerTool') registry[fn.name] = (args) => fn.invoke(new RunContext({}), JSON.stringify(args));
  }
  return { tools, registry, agentTools, ...(outputs ? { outputs } : {}) };
}
