import {
  build, buildLater, clientTool, mcpTool, remoteTool, serverTool, type ClientTransport, type ComponentType, type Property, type Tool as SpecTool, type ToolBase, type BuildLaterInput,
} from '@agentspec/core';
import { HOSTED_TOOLS, SUBMIT_RESULT, type ToolRegistry } from '@agentspec/runtime';
import { aiSdkHostedToolDefinition, hostedToolOf } from '@agentspec/runtime/import';
import { asSchema, type Tool, type ToolSet } from 'ai';
import { METADATA_KEY } from '../compile/tools/tool-metadata.js';
import type { ImportWarnings } from './import-warnings.js';
import { outputProperties, schemaProperties } from './json-schema-properties.js';

export interface ImportedTools {
  readonly tools: SpecTool[];
  /** The inputs of a `submit_result` tool: the agent's outputs. */
  readonly outputs?: Property[];
  /** The `execute` functions of the tools imported as ServerTools. */
  readonly registry: ToolRegistry;
}

type Source = Record<string, unknown> & { component_type?: string; id?: string };

async function jsonSchemaOf(schema: unknown): Promise<unknown> {
  return schema === undefined ? undefined : await asSchema(schema as Parameters<typeof asSchema>[0]).jsonSchema;
}

function needsApproval(name: string, t: Tool, toolApproval: unknown, warnings: ImportWarnings): boolean {
  const agentLevel = typeof toolApproval === 'object' && toolApproval !== null ? (toolApproval as Record<string, unknown>)[name] : undefined;
  const flag = agentLevel ?? (t as { needsApproval?: unknown }).needsApproval;
  if (typeof flag === 'function') {
    warnings.add('AISDK_APPROVAL_FUNCTION', `tools.${name}`, 'approval decided by a function: imported as requires_confirmation: true (every call asks)');
    return true;
  }
  return flag === true || flag === 'user-approval';
}

/**
 * The Agent Spec tool of one AI SDK tool: its kind and id from compileAiSdk's metadata, else ServerTool (with
 * `execute`) or ClientTool with the id `<agent id>.<tool name>` (as importMastra names tools), so that two imports
 * of the same program are the same document.
 */
async function importTool(agentId: string, name: string, t: Tool, toolApproval: unknown, registry: Record<string, ToolRegistry[string]>, warnings: ImportWarnings): Promise<SpecTool> {
  const where = `tools.${name}`;
  const source = ((t as { metadata?: Record<string, unknown> }).metadata?.[METADATA_KEY] ?? {}) as Source;
  const description = typeof t.description === 'string' ? t.description : undefined;
  if (typeof t.description === 'function') warnings.add('AISDK_DYNAMIC_DESCRIPTION', where, 'a description computed per call is not represented');
  const outputSchema = await jsonSchemaOf((t as { outputSchema?: unknown }).outputSchema);
  const fields = {
    name,
    id: typeof source.id === 'string' ? source.id : `${agentId}.${name}`,
    ...(description ? { description } : {}),
    inputs: schemaProperties(await jsonSchemaOf(t.inputSchema), where, warnings),
    ...(outputSchema !== undefined ? { outputs: outputProperties(outputSchema, where, warnings) } : {}),
    ...(needsApproval(name, t, toolApproval, warnings) ? { requires_confirmation: true } : {}),
  } satisfies Partial<ToolBase> & { name: string };
  const execute = (t as { execute?: (args: unknown, options: unknown) => unknown }).execute;
  switch (source.component_type ?? (execute ? 'ServerTool' : 'ClientTool')) {
    case 'RemoteTool':
      return remoteTool({ ...fields, ...(pick(source, ['url', 'http_method', 'api_spec_uri', 'data', 'query_params', 'headers', 'retry_policy']) as object) });
    case 'MCPTool': {
      const transport = source.client_transport as Source;
      const transportId = typeof transport.id === 'string' ? transport.id : `${fields.id}.transport`;
      return mcpTool({
        ...fields, client_transport: build(transport.component_type as ComponentType, { ...transport, id: transportId } as never) as ClientTransport,
        ...(pick(source, ['retry_policy']) as object),
      });
    }
    case 'ClientTool':
      return clientTool(fields);
    default:
      if (execute) registry[name] = (args) => execute(args, { toolCallId: `imported_${name}`, messages: [] });
      return serverTool(fields);
  }
}

/**
 * A provider-defined tool of `@ai-sdk/openai` (`openai.tools.webSearch()`, `fileSearch()`, `codeInterpreter()`,
 * `imageGeneration()`) as a BuiltinTool named after its key in `tools`; one compileAiSdk made is the BuiltinTool it
 * keeps in its metadata. Undefined for any other provider tool.
 */
function builtinTool(name: string, t: Tool): SpecTool | undefined {
  const source = (t as { metadata?: Record<string, unknown> }).metadata?.[METADATA_KEY] as Source | undefined;
  if (source?.component_type === 'BuiltinTool') return buildLater('BuiltinTool', source as BuildLaterInput<'BuiltinTool'>) as unknown as SpecTool;
  const { id, args } = t as { id?: unknown; args?: Record<string, unknown> };
  const definition = typeof id === 'string' ? aiSdkHostedToolDefinition(id, args) : undefined;
  return definition ? (hostedToolOf(definition, { id: name, name }) as unknown as SpecTool | undefined) : undefined;
}

function pick(o: Source, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined && o[k] !== null).map((k) => [k, o[k]]));
}

/** The tools of a ToolLoopAgent, in the order they are sent (`toolOrder`, then the rest); `submit_result` gives the agent's outputs. */
export async function importTools(agentId: string, tools: ToolSet | undefined, toolOrder: readonly string[] | undefined, toolApproval: unknown, warnings: ImportWarnings): Promise<ImportedTools> {
  const names = Object.keys(tools ?? {});
  const ordered = toolOrder ? [...toolOrder.filter((n) => names.includes(n)), ...names.filter((n) => !toolOrder.includes(n)).sort()] : names;
  const registry: Record<string, ToolRegistry[string]> = {};
  const out: SpecTool[] = [];
  let outputs: Property[] | undefined;
  for (const name of ordered) {
    const t = (tools as ToolSet)[name] as Tool;
    if (t.type === 'provider') {
      const builtin = builtinTool(name, t);
      if (builtin) out.push(builtin);
      else warnings.add('AISDK_PROVIDER_TOOL', `tools.${name}`, `provider-defined tool '${String((t as { id?: unknown }).id)}' is not one of the hosted tools a BuiltinTool names (${Object.keys(HOSTED_TOOLS).join(', ')}): not imported`);
      continue;
    }
    if (name === SUBMIT_RESULT) outputs = schemaProperties(await jsonSchemaOf(t.inputSchema), `tools.${name}`, warnings);
    else out.push(await importTool(agentId, name, t, toolApproval, registry, warnings));
  }
  return { tools: out, registry, ...(outputs ? { outputs } : {}) };
}
