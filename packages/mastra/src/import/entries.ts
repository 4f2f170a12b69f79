import { RequestContext } from '@mastra/core/request-context';
import { toJsonSchema } from './schemas.js';

type Json = Record<string, unknown>;

/** A Mastra condition: a declarative predicate (storable), or a function (with its source, when serialized). */
export interface Condition {
  readonly predicate?: Json;
  readonly fn?: (params: unknown) => unknown;
  readonly source?: string;
}

export interface StepInfo {
  readonly id: string;
  readonly description?: string;
  readonly input?: Json;
  readonly output?: Json;
  /** Runs the live step on an input (for the imported ServerTool's implementation). */
  readonly run?: (input: unknown) => Promise<unknown>;
}

/** A Mastra workflow graph entry, from a live workflow or its stored JSON form. */
export type ImportEntry =
  | { readonly kind: 'step'; readonly step: StepInfo }
  | { readonly kind: 'workflow'; readonly id: string; readonly description?: string; readonly input?: Json; readonly output?: Json; readonly entries: readonly ImportEntry[]; readonly metadata?: Json }
  | { readonly kind: 'branch'; readonly id: string; readonly arms: readonly { readonly condition: Condition; readonly body: ImportEntry }[] }
  | { readonly kind: 'parallel'; readonly id: string; readonly steps: readonly ImportEntry[] }
  | { readonly kind: 'loop'; readonly id: string; readonly loopType: 'dowhile' | 'dountil'; readonly body: ImportEntry; readonly condition: Condition }
  | { readonly kind: 'foreach'; readonly id: string; readonly body: ImportEntry }
  | { readonly kind: 'other'; readonly id: string; readonly type: string };

interface LiveStep {
  id: string;
  description?: string;
  component?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  metadata?: Json;
  stepGraph?: unknown[];
  execute?: (params: unknown) => Promise<unknown>;
}

/** A minimal Mastra execute context, to call a step outside a workflow run. */
function runStep(step: LiveStep): (input: unknown) => Promise<unknown> {
  return async (inputData) => step.execute?.({
    inputData, state: {}, setState: async () => undefined, getInitData: () => inputData, getStepResult: () => undefined,
    requestContext: new RequestContext(), retryCount: 0, runId: 'agentspec-import', workflowId: 'agentspec-import',
    suspend: async () => { throw new Error(`step '${step.id}' suspended: not supported outside Mastra`); },
    bail: (r: unknown) => r, abort: () => undefined, abortSignal: new AbortController().signal,
  });
}

/** The entries of a live workflow (`workflow.stepGraph`). */
export function liveEntries(graph: readonly unknown[]): ImportEntry[] {
  return graph.map((raw, i) => liveEntry(raw as Json, i));
}

function liveSingle(e: Json, i: number): ImportEntry {
  if (e.type === 'step') {
    const s = e.step as LiveStep;
    if (s.component === 'WORKFLOW' && Array.isArray(s.stepGraph)) {
      return { kind: 'workflow', id: s.id, ...(s.description ? { description: s.description } : {}), ...schemas(s), entries: liveEntries(s.stepGraph), ...(s.metadata ? { metadata: s.metadata } : {}) };
    }
    return { kind: 'step', step: { id: s.id, ...(s.description ? { description: s.description } : {}), ...schemas(s), ...(s.execute ? { run: runStep(s) } : {}) } };
  }
  if (e.type === 'mapping') {
    const fn = typeof e.mapConfig === 'function' ? (e.mapConfig as LiveStep['execute']) : undefined;
    return { kind: 'step', step: { id: String(e.id), description: 'a .map() step', ...(fn ? { run: runStep({ id: String(e.id), execute: fn }) } : {}) } };
  }
  return { kind: 'other', id: String(e.id ?? `${String(e.type)}_${i}`), type: String(e.type) };
}

function liveEntry(e: Json, i: number): ImportEntry {
  switch (e.type) {
    case 'conditional': {
      const steps = e.steps as Json[];
      const fns = (e.conditions ?? []) as ((p: unknown) => unknown)[];
      const preds = (e.predicates ?? []) as (Json | null)[];
      return { kind: 'branch', id: String(e.id ?? `branch_${i}`), arms: steps.map((s, j) => ({ condition: cond(preds[j], fns[j]), body: liveSingle(s, j) })) };
    }
    case 'loop':
      return { kind: 'loop', id: String(e.id ?? `loop_${i}`), loopType: e.loopType as 'dowhile' | 'dountil', body: liveSingle(e.step as Json, i), condition: cond(e.predicate as Json | undefined, e.condition as (p: unknown) => unknown) };
    case 'foreach':
      return { kind: 'foreach', id: String(e.id ?? `foreach_${i}`), body: liveSingle(e.step as Json, i) };
    case 'parallel':
      return { kind: 'parallel', id: String(e.id ?? `parallel_${i}`), steps: (e.steps as Json[]).map(liveSingle) };
    default:
      return liveSingle(e, i);
  }
}

function cond(predicate: Json | null | undefined, fn: ((p: unknown) => unknown) | undefined, source?: string): Condition {
  return { ...(predicate ? { predicate } : {}), ...(fn ? { fn } : {}), ...(source ? { source } : {}) };
}

function schemas(s: { inputSchema?: unknown; outputSchema?: unknown }): { input?: Json; output?: Json } {
  const input = toJsonSchema(s.inputSchema);
  const output = toJsonSchema(s.outputSchema);
  return { ...(input ? { input } : {}), ...(output ? { output } : {}) };
}

/** The entries of Mastra's JSON workflow graph (`serializedStepGraph`, or a stored definition's `graph`). */
export function storedEntries(graph: readonly unknown[]): ImportEntry[] {
  return graph.map((raw, i) => storedEntry(raw as Json, i));
}

function storedSingle(e: Json, i: number): ImportEntry {
  const s = (e.step ?? {}) as Json;
  const nested = (e.type === 'workflow' ? e.serializedStepFlow : s.serializedStepFlow) as unknown[] | undefined;
  if (e.type === 'workflow' || (e.type === 'step' && (s.component === 'WORKFLOW' || Array.isArray(nested)))) {
    const id = String(e.type === 'workflow' ? e.id : s.id);
    return { kind: 'workflow', id, entries: storedEntries(nested ?? []), ...(s.metadata ? { metadata: s.metadata as Json } : {}) };
  }
  if (e.type === 'step') return { kind: 'step', step: { id: String(s.id), ...(s.description ? { description: String(s.description) } : {}) } };
  if (e.type === 'agent' || e.type === 'tool' || e.type === 'mapping') {
    const output = e.outputSchema as Json | undefined;
    return { kind: 'step', step: { id: String(e.id), description: String(e.description ?? `a .${String(e.type)}() step`), ...(output ? { output } : {}) } };
  }
  return { kind: 'other', id: String(e.id ?? `${String(e.type)}_${i}`), type: String(e.type) };
}

function storedEntry(e: Json, i: number): ImportEntry {
  switch (e.type) {
    case 'conditional': {
      const steps = e.steps as Json[];
      const sources = (e.serializedConditions ?? []) as { fn?: string }[];
      const preds = (e.predicates ?? []) as (Json | null)[];
      return { kind: 'branch', id: String(e.id ?? `branch_${i}`), arms: steps.map((s, j) => ({ condition: cond(preds[j], undefined, sources[j]?.fn), body: storedSingle(s, j) })) };
    }
    case 'loop':
      return { kind: 'loop', id: String(e.id ?? `loop_${i}`), loopType: e.loopType as 'dowhile' | 'dountil', body: storedSingle(e.step as Json, i), condition: cond(e.predicate as Json | undefined, undefined, (e.serializedCondition as { fn?: string } | undefined)?.fn) };
    case 'foreach':
      return { kind: 'foreach', id: String(e.id ?? `foreach_${i}`), body: storedSingle(e.step as Json, i) };
    case 'parallel':
      return { kind: 'parallel', id: String(e.id ?? `parallel_${i}`), steps: (e.steps as Json[]).map(storedSingle) };
    default:
      return storedSingle(e, i);
  }
}
