import type { BuiltinTool, Component, JsonObject } from '@agentspec/core';
import { eachComponent } from '../components.js';
import type { Refusal } from '../admit/capabilities.js';

/**
 * A built-in tool a runtime provides (DESIGN §4.2, "BuiltinTool"): one of the
 * hosted tools of OpenAI's Responses API, which the provider runs itself
 * during the model's answer. `configuration` takes the tool's fields as the
 * Responses API spells them (snake_case); `required` must be given.
 */
export interface HostedToolKind {
  /** The `type` of the tool in a Responses request. */
  readonly type: string;
  /** What it does, for messages and READMEs. */
  readonly summary: string;
  readonly configuration: readonly string[];
  readonly required?: readonly string[];
  /** Configuration sent when none is given. */
  readonly defaults?: JsonObject;
}

/** The hosted tools of the Responses API, by `tool_type` (the Agent Spec name is the API's type). */
export const HOSTED_TOOLS: Readonly<Record<string, HostedToolKind>> = {
  web_search: { type: 'web_search', summary: 'searches the web', configuration: ['search_context_size', 'user_location', 'filters'] },
  file_search: {
    type: 'file_search', summary: 'searches uploaded files in vector stores',
    configuration: ['vector_store_ids', 'max_num_results', 'ranking_options', 'filters'], required: ['vector_store_ids'],
  },
  code_interpreter: { type: 'code_interpreter', summary: 'runs Python in a sandbox', configuration: ['container'], defaults: { container: { type: 'auto' } } },
  image_generation: {
    type: 'image_generation', summary: 'generates images',
    configuration: ['background', 'input_fidelity', 'model', 'moderation', 'output_compression', 'output_format', 'partial_images', 'quality', 'size'],
  },
};

/** The `executor_name` values a built-in tool meant for a runtime's hosted tools may give (besides the runtime's own name). */
export const HOSTED_TOOL_EXECUTORS = ['openai', 'openai_responses', 'openai-responses'] as const;

/** What a runtime that runs built-in tools says about them in its capabilities. */
export interface BuiltinToolSupport {
  /** The `tool_type`s it runs (keys of HOSTED_TOOLS). */
  readonly toolTypes: readonly string[];
  /** Its own name, also accepted as `executor_name` (`openai-agents`, `ai-sdk`). */
  readonly executor: string;
}

const NO_BUILTIN_HINT = 'run the agent on a framework runtime (langgraph, ai-sdk, openai-agents, mastra: hosted tools of OpenAI\'s Responses API, with api_type: responses), or replace the tool with a ServerTool, RemoteTool or MCPTool';

/**
 * Why a runtime does not run a BuiltinTool, or undefined when it does
 * (DESIGN §4.2): a runtime without built-in tools refuses every one; else
 * the `tool_type` must be one it runs, `configuration` only the tool's
 * fields (the required ones given), `executor_name` (one, or any of a list)
 * `openai` or the runtime's name, no `tool_version` (the hosted tools are not
 * versioned here), no inputs or outputs (the model gives the tool its
 * arguments, the provider its results) and no `requires_confirmation` (the
 * provider runs it within the answer: nobody can be asked first).
 */
export function builtinToolRefusal(tool: BuiltinTool, by: string, support: BuiltinToolSupport | undefined): Refusal | undefined {
  const type = typeof tool.tool_type === 'string' ? tool.tool_type : String(tool.tool_type);
  if (!support) return { reason: `a built-in tool (tool_type '${type}'), and ${by} has no built-in tools`, hint: NO_BUILTIN_HINT };
  const kind = support.toolTypes.includes(type) ? HOSTED_TOOLS[type] : undefined;
  if (!kind) {
    return {
      reason: `tool_type '${type}' is not a built-in tool of ${by} (it has ${support.toolTypes.join(', ')}: the hosted tools of OpenAI's Responses API)`,
      hint: 'use one of those tool types, or replace the tool with a ServerTool, RemoteTool or MCPTool',
    };
  }
  const executors = tool.executor_name === undefined || tool.executor_name === null ? [] : [tool.executor_name].flat();
  if (executors.length > 0 && !executors.some((e) => ([...HOSTED_TOOL_EXECUTORS, support.executor] as string[]).includes(e))) {
    return {
      reason: `its executor_name ${JSON.stringify(tool.executor_name)} says it is meant for another runtime`,
      hint: `leave executor_name out, or give '${support.executor}' or 'openai'`,
    };
  }
  if (tool.tool_version !== undefined && tool.tool_version !== null) {
    return { reason: `its tool_version '${tool.tool_version}': the hosted tools of ${by} have no versions`, hint: 'leave tool_version out' };
  }
  const config = tool.configuration ?? {};
  const unknown = Object.keys(config).filter((k) => !kind.configuration.includes(k));
  if (unknown.length > 0) {
    return {
      reason: `its configuration has ${unknown.map((k) => `'${k}'`).join(', ')}, which the ${type} tool does not take`,
      hint: `its configuration fields are ${kind.configuration.join(', ')} (as the Responses API spells them)`,
    };
  }
  const missing = (kind.required ?? []).filter((k) => config[k] === undefined || config[k] === null);
  if (missing.length > 0) return { reason: `the ${type} tool needs ${missing.map((k) => `'${k}'`).join(', ')} in its configuration` };
  if ((tool.inputs ?? []).length > 0 || (tool.outputs ?? []).length > 0) {
    return { reason: `it declares inputs or outputs: a hosted tool gets its arguments from the model and gives its results to it`, hint: 'leave inputs and outputs empty' };
  }
  if (tool.requires_confirmation === true) {
    return { reason: 'it requires confirmation, but the provider runs a hosted tool within the model\'s answer, where nobody can be asked', hint: 'set requires_confirmation to false' };
  }
  return undefined;
}

/** The Responses API tool of an admitted BuiltinTool: `{ type, ...defaults, ...configuration }`, the adapters translate it. */
export function hostedToolDefinition(tool: BuiltinTool): { readonly type: string } & JsonObject {
  const kind = HOSTED_TOOLS[tool.tool_type];
  if (!kind) throw new Error(`not a hosted tool: ${tool.tool_type}`);
  return { ...kind.defaults, ...(tool.configuration ?? {}), type: kind.type };
}

/** Whether a component tree holds a BuiltinTool (emitters refuse them; the framework runtimes run them). */
export function hasBuiltinTools(root: Component): boolean {
  let found = false;
  eachComponent(root, (c) => {
    if (c.component_type === 'BuiltinTool') found = true;
  });
  return found;
}
