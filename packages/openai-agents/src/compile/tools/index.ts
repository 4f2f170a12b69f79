import { kindOf, type BuiltinTool, type OfKind, type Tool, type ToolKind } from '@agentspec/core';
import type { HostedTool } from '@openai/agents';
import { refuseUnknown } from '@agentspec/runtime';
import { compiledFrom } from '../provenance.js';
import { compileClientTool } from './client-tool.js';
import type { SdkFunctionTool } from './function-tool.js';
import { compileHostedTool } from './hosted-tool.js';
import { compileRunnerTool } from './runner-tool.js';
import type { ToolCompiler, ToolContext } from './tool-context.js';

/** One compiler per tool kind: a new kind in core breaks the build until it is listed here; admit() refuses unknown tools first. */
export const TOOL_COMPILERS: { readonly [K in ToolKind]: ToolCompiler<OfKind<Tool, K>> } = {
  ServerTool: compileRunnerTool,
  ClientTool: compileClientTool,
  RemoteTool: compileRunnerTool,
  MCPTool: compileRunnerTool,
  // BuiltinTool (25.4.2): the SDK's hosted tool of that type (admit() refused any other, and every other later kind)
  Unknown: (tool) => {
    if (tool.component_type !== 'BuiltinTool') return refuseUnknown(tool);
    const hosted = compileHostedTool(tool as unknown as BuiltinTool);
    compiledFrom.set(hosted, tool);
    return hosted;
  },
};

export function compileTool(tool: Tool, context: ToolContext): SdkFunctionTool | HostedTool {
  return (TOOL_COMPILERS[kindOf(tool)] as ToolCompiler<Tool>)(tool, context);
}

export type { SdkFunctionTool } from './function-tool.js';
export type { ToolContext } from './tool-context.js';
