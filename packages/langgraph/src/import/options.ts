import type { Component } from '@agentspec/core';
import type { AdapterWarning, ImportedComponent, ToolRegistry } from '@agentspec/runtime';

/** Options of {@link importLangGraph}. */
export interface ImportLangGraphOptions {
  /** Name of the Flow or Agent made (default: the graph's name, else `LangGraph graph`). */
  readonly name?: string;
  /** Id of the component made (default: derived from its name). */
  readonly id?: string;
}

/** Something of the graph the spec does not represent exactly (`component`: the graph node or edge; the one warning type of @agentspec/runtime). */
export type ImportWarning = AdapterWarning;

/** What {@link importLangGraph} returns. */
export interface ImportedLangGraph extends ImportedComponent {
  /** The Flow or Agent. */
  readonly component: Component;
  readonly warnings: readonly ImportWarning[];
  /**
   * The graph's node functions and routers as ServerTool implementations, by
   * the names the spec gives them: pass them as `tools` to run the spec on any
   * runtime. Empty for graphs compiled from Agent Spec and for agents.
   */
  readonly tools: ToolRegistry;
}
