import type { AgentLike } from './agent-like.js';

export type Json = Record<string, unknown>;

/** A Mastra condition: a declarative predicate (storable), or a function (with its source, when serialized). */
export interface Condition {
  readonly predicate?: Json;
  readonly fn?: (params: unknown) => unknown;
  readonly source?: string;
}

/** A step whose code only asks an agent (see `agentCallOf`): the prompt template, the input fields it reads (the step's input schema), the one output. */
export interface StepAgentCall {
  readonly template: string;
  readonly reads: readonly string[];
  readonly output: string;
  readonly input?: Json;
}

export interface StepInfo {
  readonly id: string;
  readonly description?: string;
  readonly input?: Json;
  readonly output?: Json;
  /** Runs the live step on an input (for the imported ServerTool's implementation). */
  readonly run?: (input: unknown) => Promise<unknown>;
  /** The step can suspend itself. */
  readonly suspends?: boolean;
  /** The agents its code calls (`getAgent('…')`), when it calls any. */
  readonly callsAgents?: readonly string[];
  /** Its source was found in the program's text (so what it calls is known). */
  readonly sourceKnown?: boolean;
}

/** A Mastra workflow graph entry, from a live workflow or its stored JSON form. */
export type ImportEntry =
  | { readonly kind: 'step'; readonly step: StepInfo }
  | { readonly kind: 'agent'; readonly id: string; readonly agent: AgentLike; readonly output?: Json; readonly call?: StepAgentCall }
  | { readonly kind: 'mapping'; readonly id: string; readonly fn?: (params: unknown) => unknown; readonly config?: Json; readonly source?: string }
  | { readonly kind: 'workflow'; readonly id: string; readonly description?: string; readonly input?: Json; readonly output?: Json; readonly entries: readonly ImportEntry[]; readonly metadata?: Json }
  | { readonly kind: 'branch'; readonly id: string; readonly arms: readonly { readonly condition: Condition; readonly body: ImportEntry }[] }
  | { readonly kind: 'parallel'; readonly id: string; readonly steps: readonly ImportEntry[] }
  | { readonly kind: 'loop'; readonly id: string; readonly loopType: 'dowhile' | 'dountil'; readonly body: ImportEntry; readonly condition: Condition }
  | { readonly kind: 'foreach'; readonly id: string; readonly body: ImportEntry; readonly concurrency?: number | 'function' }
  | { readonly kind: 'other'; readonly id: string; readonly type: string };

export type EntryKind = ImportEntry['kind'];
export type EntryOf<K extends EntryKind> = Extract<ImportEntry, { kind: K }>;
