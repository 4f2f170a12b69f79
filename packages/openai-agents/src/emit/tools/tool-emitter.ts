import type { Tool } from '@agentspec/core';
import type { AgentModule as ModuleWriter } from '../agent-module.js';

/** One tool in the emitted module. */
export interface ToolCode {
  /** Its top-level declarations. */
  readonly code: string;
  /** The expression build() puts in the agent's `tools`. */
  readonly expression: string;
  /** The name of the ServerTool implementation it takes from `options.tools`. */
  readonly serverTool?: string;
  /** What build() sets up for it first (an MCP connection), with how to close that. */
  readonly setup?: { readonly name: string; readonly code: string; readonly close: string };
}

/** Writes one kind of Agent Spec tool. */
export type ToolEmitter<T extends Tool> = (w: ModuleWriter, tool: T) => ToolCode;
