import { kindOf, type BuiltinTool, type OfKind, type Tool, type ToolKind } from '@agentspec/core';
import { refuseUnknown } from '@agentspec/runtime';
import type { AgentModule as ModuleWriter } from '../agent-module.js';
import { emitClientTool } from './client-tool.js';
import { emitHostedTool } from './hosted-tool.js';
import { emitMcpTool } from './mcp-tool.js';
import { emitRemoteTool } from './remote-tool.js';
import { emitServerTool } from './server-tool.js';
import type { ToolCode, ToolEmitter } from './tool-emitter.js';

/** One emitter per tool kind (a new kind in core breaks the build until it is listed here); admit() refuses unknown tools first. */
export const TOOL_EMITTERS: { readonly [K in ToolKind]: ToolEmitter<OfKind<Tool, K>> } = {
  ServerTool: emitServerTool,
  ClientTool: emitClientTool,
  RemoteTool: emitRemoteTool,
  MCPTool: emitMcpTool,
  Unknown: (_w, tool) => refuseUnknown(tool),
};

export function emitTool(w: ModuleWriter, tool: Tool): ToolCode {
  // BuiltinTool (25.4.2): the SDK's hosted tool of that type, run by the provider (admit() refused any other)
  if (tool.component_type === 'BuiltinTool') return emitHostedTool(w, tool as unknown as BuiltinTool);
  return (TOOL_EMITTERS[kindOf(tool)] as ToolEmitter<Tool>)(w, tool);
}

export type { ToolCode } from './tool-emitter.js';
