import type { Flow, Property } from '@agentspec/core';

/** ParallelMapNode iterations and ParallelFlowNode subflows run at once at most, unless `limits.parallelism` says otherwise. */
export const DEFAULT_PARALLELISM = 16;

/**
 * Run `count` tasks, at most `width` at a time, and give their results in
 * task order (DESIGN §4.2, Parallelization): the order in which they run or
 * finish is not guaranteed, the order of the results is. When a task fails,
 * no new task starts; the ones running are waited for, and the failure of
 * the first failed task in task order is thrown — the same one whatever the
 * timing, and no work is left running behind the node.
 */
export async function runBounded<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  const failures = new Map<number, unknown>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count && failures.size === 0) {
      const i = next++;
      try {
        results[i] = await task(i);
      } catch (error) {
        failures.set(i, error);
      }
    }
  };
  const lanes = Math.max(1, Math.min(Math.floor(width) || 1, count));
  await Promise.all(Array.from({ length: count === 0 ? 0 : lanes }, worker));
  if (failures.size > 0) throw failures.get(Math.min(...failures.keys()));
  return results;
}

/** The inputs of one subflow of a ParallelFlowNode: the node's inputs it declares (merged by name). */
export function subflowInputs(subflow: Flow, inputs: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of subflow.inputs ?? []) if (Object.hasOwn(inputs, p.title)) out[p.title] = inputs[p.title];
  return out;
}

/** The outputs of a ParallelFlowNode: the union of its subflows' outputs (names are distinct: core checks it). */
export function mergeSubflowOutputs(outputs: readonly Property[] | null | undefined, results: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const r of results) for (const [k, v] of Object.entries(r)) if (!Object.hasOwn(merged, k)) merged[k] = v;
  const out: Record<string, unknown> = {};
  for (const p of outputs ?? []) if (Object.hasOwn(merged, p.title)) out[p.title] = merged[p.title];
  return out;
}
