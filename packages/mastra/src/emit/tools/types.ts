import type { Tool } from '@agentspec/core';
import type { MastraModule as ModuleWriter } from '../helpers.js';

/** One emitted tool: its factory function (a top-level declaration) and how `build` calls it. */
export interface EmittedTool {
  readonly declaration: string;
  /** The call of the factory inside `build` (where `options` is in scope). */
  readonly create: string;
}

/** Emits one kind of tool as a `createTool` factory named `fn`. */
export type ToolEmitter<T extends Tool = Tool> = (tool: T, m: ModuleWriter, fn: string) => EmittedTool;
