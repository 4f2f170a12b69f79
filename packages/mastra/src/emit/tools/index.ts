import type { Tool } from '@agentspec/core';
import { clientTool } from './client-tool.js';
import { mcpTool } from './mcp-tool.js';
import { remoteTool } from './remote-tool.js';
import { serverTool } from './server-tool.js';
import type { ToolEmitter } from './types.js';

/** One emitter per tool kind: a tool kind added to core does not build until it is handled here. */
export const TOOL_EMITTERS: { readonly [K in Tool['component_type']]: ToolEmitter<Extract<Tool, { component_type: K }>> } = {
  ServerTool: serverTool,
  ClientTool: clientTool,
  RemoteTool: remoteTool,
  MCPTool: mcpTool,
};

export type { EmittedTool, ToolEmitter } from './types.js';
