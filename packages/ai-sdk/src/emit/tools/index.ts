import type { ToolKind } from '@agentspec/core';
import { refuseUnknown } from '@agentspec/runtime';
import { emitClientTool } from './client-tool.js';
import type { ToolEmitter } from './context.js';
import { emitMcpTool } from './mcp-tool.js';
import { emitRemoteTool } from './remote-tool.js';
import { emitServerTool } from './server-tool.js';

export type { EmittedTool, ToolEmitContext } from './context.js';

/** One emitter per tool kind: adding a kind to core breaks the build until it is handled here; admit() refuses unknown tools first. */
export const TOOL_EMITTERS: Readonly<Record<ToolKind, ToolEmitter>> = {
  ServerTool: emitServerTool,
  ClientTool: emitClientTool,
  RemoteTool: emitRemoteTool,
  MCPTool: emitMcpTool,
  Unknown: refuseUnknown,
};
