import type { Agent, Property } from '@agentspec/core';
import type { ToolRegistry } from '@agentspec/runtime';
import type { AgentLike } from '../agent-like.js';
import type { FlowBuilder, Ids, Producer } from '../flow-builder.js';
import type { ImportWarnings } from '../import-warnings.js';
import type { Shape } from '../schemas.js';

export type ImportedTools = Record<string, ToolRegistry[string]>;

/** What one import shares across its flows (the document's ids, tool names, agents, warnings). */
export interface ImportRun {
  readonly ids: Ids;
  readonly warnings: ImportWarnings;
  /** Implementations of the ServerTools, by tool name. */
  readonly tools: ImportedTools;
  /** Tool names taken in the document (a registry is keyed by name). */
  readonly toolNames: Set<string>;
  /** The Agent Spec Agent of each Mastra agent a step runs (imported before the graph). */
  readonly agents: ReadonlyMap<AgentLike, Agent>;
}

/** One flow being imported. */
export interface Scope extends ImportRun {
  readonly b: FlowBuilder;
  /** The StartNode: the workflow's input (`getInitData()`, `{ initData, path }` mappings). */
  readonly start: Producer;
  /** The last node of each step id, for `{ step, path }` mappings. */
  readonly byStep: Map<string, Producer>;
}

/** What the next entry (or the flow's end) reads: mappings give exactly that; joins are made for it. */
export type Wanted = Shape | undefined;

/** A tool name unique in the document, from a step id. */
export function toolName(run: ImportRun, base: string): string {
  let name = base;
  for (let i = 2; run.toolNames.has(name); i++) name = `${base}_${i}`;
  run.toolNames.add(name);
  return name;
}

/** The distinct outputs of the producers (by title, first wins): what a router or mapping takes. */
export function producedProperties(producers: readonly Producer[]): Property[] {
  return [...new Map(producers.flatMap((p) => p.outputs).map((o) => [o.title, o])).values()];
}

/** What Mastra gives a condition or mapping as `inputData`: the producers' outputs by name, or the one whole value. */
export function inputDataOf(producers: readonly Producer[], args: Readonly<Record<string, unknown>>): unknown {
  const only = producers.length === 1 ? producers[0] : undefined;
  if (only?.whole) return args[only.whole];
  const data: Record<string, unknown> = {};
  for (const o of producedProperties(producers)) if (args[o.title] !== undefined && args[o.title] !== null) data[o.title] = args[o.title];
  return data;
}
