import { laterComponent, type Agent, type Component, type MCPTool, type MCPToolBox } from '@agentspec/core';
import { eachComponent } from '../components.js';
import type { RuntimeLoadOptions } from '../contract.js';
import { RuntimeError } from '../errors.js';
import { specRetryPolicy } from '../llm/spec-retry-policy.js';
import { replaceComponents } from '../replace-components.js';
import { mergeToolboxTools, toolboxTools } from '../semantics/toolbox-tools.js';
import { McpConnections } from './mcp-connections.js';

/** Whether an Agent inside `root` (or `root` itself) has toolboxes: compilers and emitters take it once `resolveToolboxes` listed them. */
export function hasToolboxes(root: Component): boolean {
  return toolboxAgents(root).length > 0;
}

/** The Agents inside `root` with toolboxes, each once. */
function toolboxAgents(root: Component): Agent[] {
  const agents: Agent[] = [];
  eachComponent(root, (c) => {
    if (c.component_type === 'Agent' && ((c as Agent).toolboxes ?? []).length > 0) agents.push(c as Agent);
  });
  return agents;
}

/**
 * `root` with the toolboxes of its Agents resolved (Agent Spec 25.4.2,
 * "ToolBoxes"): each Agent with `toolboxes` becomes one whose `tools` are its
 * own followed by those of its MCPToolBoxes — listed from their MCP servers
 * now (stdio, SSE, streamable HTTP; `network.allowStdio` and the size cap of
 * `limits.http.maxBodyBytes` apply), filtered and checked by `toolboxTools`
 * — and without `toolboxes`. The tools are MCPTools on the toolbox's
 * transport: every runtime offers and calls them like any MCPTool (through
 * `toolRunner`), confirmation flags included. The listing is retried under
 * the toolbox's `retry_policy` (else its transport's). Every runtime's
 * `load()` calls this once, after `admit()`: a server that cannot be reached
 * fails the load (AS_MCP), a filter that does not fit it is AS_TOOLBOX. A
 * toolbox shared by several agents is listed once; components without
 * toolboxes inside stay the same objects, and a root without any is returned
 * as it is.
 */
export async function resolveToolboxes<C extends Component>(root: C, load: Pick<RuntimeLoadOptions, 'network' | 'limits' | 'signal'> = {}): Promise<C> {
  const agents = toolboxAgents(root);
  if (agents.length === 0) return root;
  const maxBodyBytes = load.limits?.http?.maxBodyBytes;
  const mcp = new McpConnections({ network: load.network ?? {}, ...(maxBodyBytes !== undefined ? { maxResultBytes: maxBodyBytes } : {}) });
  const listed = new Map<MCPToolBox, Promise<MCPTool[]>>();
  const toolsOf = (toolbox: MCPToolBox, agent: Agent): Promise<MCPTool[]> => {
    let tools = listed.get(toolbox);
    if (!tools) {
      const site = { agent: agent.id };
      const retry = specRetryPolicy(toolbox) ?? specRetryPolicy(toolbox.client_transport);
      tools = mcp.listTools(toolbox.client_transport, { site, ...(load.signal ? { signal: load.signal } : {}), ...(retry ? { retry } : {}) })
        .then((infos) => toolboxTools(toolbox, infos, site));
      listed.set(toolbox, tools);
    }
    return tools;
  };
  try {
    const replacements = new Map<Component, Component>();
    for (const agent of agents) {
      const boxes = await Promise.all((agent.toolboxes ?? []).map(async (c) => {
        const toolbox = laterComponent(c, 'MCPToolBox');
        // admit() refuses any other kind of toolbox before this runs
        if (!toolbox) throw new RuntimeError('AS_UNSUPPORTED', `${c.component_type} '${c.id}' is not a toolbox this runtime lists`, { agent: agent.id });
        return { toolbox, tools: await toolsOf(toolbox, agent) };
      }));
      const { toolboxes: _resolved, ...rest } = agent;
      replacements.set(agent, { ...rest, tools: mergeToolboxTools(agent.tools, boxes, { agent: agent.id }) } satisfies Agent);
    }
    return replaceComponents(root, replacements);
  } finally {
    await mcp.close();
  }
}
