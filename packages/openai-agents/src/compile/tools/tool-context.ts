import type { Agent, Tool } from '@agentspec/core';
import type { ToolRunner } from '@agentspec/runtime';
import type { HostedTool } from '@openai/agents';
import type { SdkFunctionTool } from './function-tool.js';

/** What compiling one tool of an agent needs. */
export interface ToolContext {
  readonly agent: Agent;
  /** Runs the ServerTools, RemoteTools and MCPTools (the shared runner of @agentspec/runtime). */
  readonly runner: ToolRunner;
}

/** Compiles one kind of Agent Spec tool into an SDK function tool (a BuiltinTool: a hosted tool). */
export type ToolCompiler<T extends Tool> = (tool: T, context: ToolContext) => SdkFunctionTool | HostedTool;
