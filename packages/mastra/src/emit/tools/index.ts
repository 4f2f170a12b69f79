import type { OfKind, Tool, ToolKind } from '@agentspec/core';
import { refuseUnknown } from '@agentspec/runtime';
import { clientTool } from './client-tool.js';
import { mcpTool } from './mcp-tool.js';
import { remoteTool } from './remote-tool.js';
import { serverTool } from './server-tool.js';
import type { ToolEmitter } from './types.js';

/** One emitter per tool kind: a tool kind added to core does not build until it is handled here; admit() refuses unknown tools first. */
export const TOOL_EMITTERS: { readonly [K in ToolKind]: ToolEmitter<OfKind<Tool, K>> } = {
  ServerTool: serverTool,
  ClientTool: clientTool,
  RemoteTool: remoteTool,
  MCPTool: mcpTool,
  Unknown: refuseUnknown,
};

export type { EmittedTool, ToolEmitter } from './types.js';
