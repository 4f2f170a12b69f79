import type { MCPTool } from '@agentspec/core';
import { coerceArgs } from './coerce-args.js';
import { specTool } from './function-tool.js';
import type { ToolCompiler } from './tool-context.js';

/** MCPTool: called on its MCP server through the connections of the compiled agent. */
export const compileMcpTool: ToolCompiler<MCPTool> = (tool, { agent, network, mcp }) =>
  specTool(tool, tool.requires_confirmation === true, (args, _runContext, _callId, signal) =>
    mcp().callTool(tool.client_transport, tool.name, coerceArgs(tool, args), tool.outputs ?? [], {
      network, ...(signal ? { signal } : {}), site: { agent: agent.id, tool: tool.name },
    }));
