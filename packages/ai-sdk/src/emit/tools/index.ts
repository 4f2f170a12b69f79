import type { Tool as SpecTool } from '@agentspec/core';
import { emitClientTool } from './client-tool.js';
import type { ToolEmitter } from './context.js';
import { emitMcpTool } from './mcp-tool.js';
import { emitRemoteTool } from './remote-tool.js';
import { emitServerTool } from './server-tool.js';

export type { EmittedTool, ToolEmitContext } from './context.js';

/** One emitter per tool kind: adding a kind to core breaks the build until it is handled here. */
export const TOOL_EMITTERS: Readonly<Record<SpecTool['component_type'], ToolEmitter>> = {
  ServerTool: emitServerTool,
  ClientTool: emitClientTool,
  RemoteTool: emitRemoteTool,
  MCPTool: emitMcpTool,
};
