import { laterComponent, type MCPTool, type MCPToolBox, type Property, type Tool } from '@agentspec/core';
import { RuntimeError, type ErrorSite } from '../errors.js';
import type { McpToolInfo } from '../mcp/mcp-connections.js';

/** The output of a tool of a toolbox whose MCPToolSpec names none: the text of its result, verbatim. */
export const TOOLBOX_TOOL_OUTPUT: Property = { title: 'result', type: 'string' };

/**
 * The tools an MCPToolBox gives an agent (Agent Spec 25.4.2, "MCPToolBox"),
 * from the tools its server lists, as MCPTools on the toolbox's transport:
 *
 * - no `tool_filter`: every listed tool, in the server's order;
 * - a `tool_filter`: its entries, in its order — a name the server must list;
 *   an MCPToolSpec whose name it must list, whose `description` (when given)
 *   replaces the server's, whose `inputs` (when given) must have exactly the
 *   names and JSON Schema types of the tool's input schema, whose `outputs`
 *   (when given) must be one string property (an empty list is none given),
 *   and whose
 *   `requires_confirmation` is the tool's.
 *
 * A tool requires confirmation when the toolbox does, or its MCPToolSpec.
 * Inputs not given by a spec come from the tool's input schema, one property
 * per parameter (an optional one without a default gets `default: null`,
 * which the call leaves out); the output is {@link TOOLBOX_TOOL_OUTPUT} (the
 * text of the result) unless a spec names it. The toolbox's `retry_policy`
 * (26.3.1) becomes each tool's. Anything that does not fit is AS_TOOLBOX.
 */
export function toolboxTools(toolbox: MCPToolBox, listed: readonly McpToolInfo[], site: ErrorSite = {}): MCPTool[] {
  const byName = new Map(listed.map((t) => [t.name, t]));
  const where = `MCPToolBox '${toolbox.name}'`;
  const entries = toolbox.tool_filter ?? listed.map((t) => t.name);
  const tools: MCPTool[] = [];
  for (const entry of entries) {
    const spec = typeof entry === 'string' ? undefined : laterComponent(entry, 'MCPToolSpec');
    const name = typeof entry === 'string' ? entry : (entry as { name: string }).name;
    const info = byName.get(name);
    if (!info) {
      const offered = listed.map((t) => t.name).join(', ') || 'none';
      throw new RuntimeError('AS_TOOLBOX', `${where}: its tool_filter names '${name}', which its MCP server does not list (it lists: ${offered})`, site, {
        hint: 'fix the name in tool_filter, or check that the server is the one meant',
      });
    }
    const serverInputs = inputsOf(info.inputSchema);
    // an empty list is what a spec that gives none reads as
    const specInputs = spec?.inputs?.length ? spec.inputs : undefined;
    if (specInputs) checkInputs(specInputs, serverInputs, `${where}: the MCPToolSpec '${name}'`, site);
    if (spec?.outputs?.length && !(spec.outputs.length === 1 && spec.outputs[0]?.type === 'string')) {
      throw new RuntimeError('AS_TOOLBOX', `${where}: the outputs of the MCPToolSpec '${name}' must be one string property, not ${spec.outputs.length === 1 ? `a ${JSON.stringify(spec.outputs[0]?.type ?? 'untyped')} one` : `${spec.outputs.length}`}`, site);
    }
    const description = spec?.description ?? info.description;
    tools.push({
      component_type: 'MCPTool',
      id: `${toolbox.id}.${name}`,
      name,
      ...(description ? { description } : {}),
      inputs: specInputs ? [...specInputs] : serverInputs,
      outputs: spec?.outputs?.length ? [...spec.outputs] : [TOOLBOX_TOOL_OUTPUT],
      client_transport: toolbox.client_transport,
      ...(toolbox.requires_confirmation === true || spec?.requires_confirmation === true ? { requires_confirmation: true } : {}),
      ...(toolbox.retry_policy ? { retry_policy: toolbox.retry_policy } : {}),
    });
  }
  return tools;
}

/** The tools of an agent followed by those of its toolboxes; two with one name are AS_TOOLBOX (Agent Spec leaves collisions to the runtime). */
export function mergeToolboxTools(own: readonly Tool[], boxes: readonly { readonly toolbox: MCPToolBox; readonly tools: readonly MCPTool[] }[], site: ErrorSite = {}): Tool[] {
  const from = new Map<string, string>(own.map((t) => [t.name, `the agent's tool '${t.name}'`]));
  const all: Tool[] = [...own];
  for (const { toolbox, tools } of boxes) {
    for (const t of tools) {
      const first = from.get(t.name);
      if (first !== undefined) {
        throw new RuntimeError('AS_TOOLBOX', `tool '${t.name}' of MCPToolBox '${toolbox.name}' has the name of ${first}: an agent's tools need distinct names`, site, {
          hint: 'leave one of them out with a tool_filter, or rename the agent\'s own tool',
        });
      }
      from.set(t.name, `tool '${t.name}' of MCPToolBox '${toolbox.name}'`);
      all.push(t);
    }
  }
  return all;
}

/** One property per parameter of an MCP input schema, in its order. */
export function inputsOf(schema: Readonly<Record<string, unknown>>): Property[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).map(([title, s]) => {
    const { title: _ignored, ...rest } = isObject(s) ? s : {};
    const optional = !required.includes(title) && !('default' in rest);
    return { title, ...rest, ...(optional ? { default: null } : {}) } as Property;
  });
}

function checkInputs(given: readonly Property[], listed: readonly Property[], what: string, site: ErrorSite): void {
  const problems: string[] = [];
  for (const p of given) {
    const l = listed.find((x) => x.title === p.title);
    if (!l) problems.push(`'${p.title}' is not a parameter of the tool`);
    else if (typeText(p.type) !== typeText(l.type)) problems.push(`'${p.title}' is ${typeText(p.type)}, the tool's is ${typeText(l.type)}`);
  }
  for (const l of listed) if (!given.some((p) => p.title === l.title)) problems.push(`the tool's parameter '${l.title}' is missing`);
  if (problems.length > 0) {
    throw new RuntimeError('AS_TOOLBOX', `${what} does not match the tool's input schema: ${problems.join('; ')}`, site, {
      hint: 'the inputs of an MCPToolSpec must name every parameter of the tool with its JSON Schema type',
    });
  }
}

/** A JSON Schema `type` as text, a list sorted ('untyped' when absent). */
function typeText(type: unknown): string {
  if (Array.isArray(type)) return [...type].map(String).sort().join('|');
  return typeof type === 'string' ? type : 'untyped';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
