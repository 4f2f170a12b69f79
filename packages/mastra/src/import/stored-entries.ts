import type { Condition, ImportEntry, Json } from './import-entry.js';

/** The entries of Mastra's JSON workflow graph (`serializedStepGraph`, or a stored definition's `graph`): no code, so no implementations. */
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
  if (e.type === 'mapping') return { kind: 'mapping', id: String(e.id), ...(typeof e.mapConfig === 'string' ? { source: e.mapConfig } : {}) };
  if (e.type === 'agent' || e.type === 'tool') {
    const output = e.outputSchema as Json | undefined;
    return { kind: 'step', step: { id: String(e.id), description: String(e.description ?? `a .${String(e.type)}() step`), ...(output ? { output } : {}) } };
  }
  return { kind: 'other', id: String(e.id ?? `${String(e.type)}_${i}`), type: String(e.type) };
}

function cond(predicate: Json | null | undefined, source: string | undefined): Condition {
  return { ...(predicate ? { predicate } : {}), ...(source ? { source } : {}) };
}

function storedEntry(e: Json, i: number): ImportEntry {
  switch (e.type) {
    case 'conditional': {
      const steps = e.steps as Json[];
      const sources = (e.serializedConditions ?? []) as { fn?: string }[];
      const preds = (e.predicates ?? []) as (Json | null)[];
      return { kind: 'branch', id: String(e.id ?? `branch_${i}`), arms: steps.map((s, j) => ({ condition: cond(preds[j], sources[j]?.fn), body: storedSingle(s, j) })) };
    }
    case 'loop':
      return { kind: 'loop', id: String(e.id ?? `loop_${i}`), loopType: e.loopType as 'dowhile' | 'dountil', body: storedSingle(e.step as Json, i), condition: cond(e.predicate as Json | undefined, (e.serializedCondition as { fn?: string } | undefined)?.fn) };
    case 'foreach':
      return { kind: 'foreach', id: String(e.id ?? `foreach_${i}`), body: storedSingle(e.step as Json, i) };
    case 'parallel':
      return { kind: 'parallel', id: String(e.id ?? `parallel_${i}`), steps: (e.steps as Json[]).map(storedSingle) };
    default:
      return storedSingle(e, i);
  }
}
