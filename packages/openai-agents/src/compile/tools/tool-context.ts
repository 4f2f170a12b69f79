import type { Agent, Tool } from '@agentspec/core';
import type { SdkFunctionTool } from './function-tool.js';
import type { McpConnections, NetworkPolicy, ToolRegistry } from '@agentspec/runtime';

/** What compiling one tool of an agent needs. */
export interface ToolContext {
  readonly agent: Agent;
  readonly registry: ToolRegistry;
  readonly network: NetworkPolicy;
  readonly http: { readonly timeoutMs?: number; readonly retries?: number };
  /** The MCP connections of the compiled agent, opened on first use. */
  readonly mcp: () => McpConnections;
}

/** Compiles one kind of Agent Spec tool into an SDK function tool. */
export type ToolCompiler<T extends Tool> = (tool: T, context: ToolContext) => SdkFunctionTool;
