import type { Tool } from '@agentspec/core';
import { compileClientTool } from './client-tool.js';
import type { SdkFunctionTool } from './function-tool.js';
import { compileRunnerTool } from './runner-tool.js';
import type { ToolCompiler, ToolContext } from './tool-context.js';

/** One compiler per tool kind: a new kind in core breaks the build until it is listed here. */
export const TOOL_COMPILERS: { readonly [K in Tool['component_type']]: ToolCompiler<Extract<Tool, { component_type: K }>> } = {
  ServerTool: compileRunnerTool,
  ClientTool: compileClientTool,
  RemoteTool: compileRunnerTool,
  MCPTool: compileRunnerTool,
};

export function compileTool(tool: Tool, context: ToolContext): SdkFunctionTool {
  return (TOOL_COMPILERS[tool.component_type] as ToolCompiler<Tool>)(tool, context);
}

export type { SdkFunctionTool } from './function-tool.js';
export type { ToolContext } from './tool-context.js';
