import type { CompileWarning } from '../compile/options.js';

/** Options of {@link emitLangGraph}. */
export interface EmitOptions {
  /** The spec's file name, for the header comment. */
  readonly source?: string;
  /** The document's `agentspec_version`, for the header comment (default: the smallest the component needs). */
  readonly version?: string;
}

/** What {@link emitLangGraph} returns: the module's text, and what to know about it. */
export interface EmitResult {
  /** A TypeScript module exporting `build(options)` and `BuildOptions`. */
  readonly code: string;
  readonly warnings: readonly CompileWarning[];
}
