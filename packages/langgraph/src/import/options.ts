import type { Component } from '@agentspec/core';
import type { AdapterWarning, ImportedComponent, ToolRegistry } from '@agentspec/runtime';
import type { ImportWarningCode } from './warning-codes.js';

/** Options of {@link importLangGraph}. */
export interface ImportLangGraphOptions {
  /** Name of the Flow or Agent made (default: the graph's name, else `LangGraph graph`). */
  readonly name?: string;
  /** Id of the component made (default: derived from its name). */
  readonly id?: string;
}

/**
 * Something of the graph the spec does not represent exactly: the one warning
 * type of @agentspec/runtime (`component`: the graph node, edge or state key)
 * with a `code` from {@link IMPORT_WARNING_CODES}.
 */
export interface ImportWarning extends AdapterWarning {
  readonly code: ImportWarningCode;
}

/** What {@link importLangGraph} returns. */
export interface ImportedLangGraph extends ImportedComponent {
  /** The Flow or Agent. */
  readonly component: Component;
  readonly warnings: readonly ImportWarning[];
  /**
   * The graph's node functions and routers as ServerTool implementations, by
   * the names the spec gives them: pass them as `tools` to run the spec on any
   * runtime. Empty for graphs compiled from Agent Spec; an agent's tools for
   * agents.
   */
  readonly tools: ToolRegistry;
}
