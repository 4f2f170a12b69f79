import type { MCPTool, RemoteTool, ServerTool } from '@agentspec/core';
import { specTool } from './function-tool.js';
import type { ToolCompiler } from './tool-context.js';

/**
 * The tools the runtime runs itself — ServerTool from the registry, RemoteTool over HTTP, MCPTool on its server —
 * through the shared tool runner of @agentspec/runtime: arguments coerced, coded failures, each call at most once
 * per session (its exactly-once ledger).
 */
export const compileRunnerTool: ToolCompiler<ServerTool | RemoteTool | MCPTool> = (tool, { agent, runner }) =>
  specTool(tool, tool.requires_confirmation === true, (args, _runContext, _callId, signal) => runner.run(tool, args, { agent: agent.id, tool: tool.name }, signal));
