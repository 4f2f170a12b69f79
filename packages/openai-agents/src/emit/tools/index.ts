import type { Tool } from '@agentspec/core';
import type { AgentModule as ModuleWriter } from '../agent-module.js';
import { emitClientTool } from './client-tool.js';
import { emitMcpTool } from './mcp-tool.js';
import { emitRemoteTool } from './remote-tool.js';
import { emitServerTool } from './server-tool.js';
import type { ToolCode, ToolEmitter } from './tool-emitter.js';

/** One emitter per tool kind (a new kind in core breaks the build until it is listed here). */
export const TOOL_EMITTERS: { readonly [K in Tool['component_type']]: ToolEmitter<Extract<Tool, { component_type: K }>> } = {
  ServerTool: emitServerTool,
  ClientTool: emitClientTool,
  RemoteTool: emitRemoteTool,
  MCPTool: emitMcpTool,
};

export function emitTool(w: ModuleWriter, tool: Tool): ToolCode {
  return (TOOL_EMITTERS[tool.component_type] as ToolEmitter<Tool>)(w, tool);
}

export type { ToolCode } from './tool-emitter.js';
