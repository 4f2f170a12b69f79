import { COLLECTED_PREFIX, ITERATED_PREFIX, type Flow, type ReductionMethod } from '@agentspec/core';
import { RuntimeError, type ErrorSite } from '../errors.js';

/** What MapNode and ParallelMapNode share: an id, a subflow, reducers. */
export interface MapLike {
  readonly id: string;
  readonly subflow: Flow;
  readonly reducers?: Readonly<Record<string, ReductionMethod>> | null;
}

/**
 * The inputs of each iteration of a MapNode: `iterated_<x>` lists give one
 * value per iteration, scalars are broadcast to every iteration; lists of
 * different lengths are AS_MAP_LENGTH. With no list, a scalar gives one
 * iteration; with no iterated input at all there are none.
 */
export function mapIterations(node: MapLike, inputs: Readonly<Record<string, unknown>>, site: ErrorSite): Record<string, unknown>[] {
  const names = (node.subflow.inputs ?? []).map((p) => p.title);
  if (names.length === 0) return [];
  let length: number | undefined;
  for (const name of names) {
    const v = inputs[`${ITERATED_PREFIX}${name}`];
    if (Array.isArray(v)) {
      if (length !== undefined && v.length !== length) {
        throw new RuntimeError('AS_MAP_LENGTH', `iterated inputs have different lengths (${length} and ${v.length} for '${ITERATED_PREFIX}${name}')`, site);
      }
      length = v.length;
    }
  }
  const n = length ?? 1;
  const iterations: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const values: Record<string, unknown> = {};
    for (const name of names) {
      const v = inputs[`${ITERATED_PREFIX}${name}`];
      if (v !== undefined) values[name] = Array.isArray(v) && length !== undefined ? v[i] : v;
    }
    iterations.push(values);
  }
  return iterations;
}

/** Reduce one output over the iterations, in input order. */
export function reduce(method: ReductionMethod, values: readonly unknown[]): unknown {
  const nums = () => values.map((v) => (typeof v === 'boolean' ? Number(v) : Number(v)));
  switch (method) {
    case 'append':
      return [...values];
    case 'sum':
      return nums().reduce((a, b) => a + b, 0);
    case 'average':
      return values.length === 0 ? null : nums().reduce((a, b) => a + b, 0) / values.length;
    // a loop, not Math.max(...spread): a spread of a long list overflows the stack
    case 'max':
      return values.length === 0 ? null : nums().reduce((a, b) => (b > a || Number.isNaN(b) ? b : a));
    case 'min':
      return values.length === 0 ? null : nums().reduce((a, b) => (b < a || Number.isNaN(b) ? b : a));
  }
}

/** `collected_<y>` outputs of a MapNode from each iteration's subflow outputs. */
export function collect(reducers: Readonly<Record<string, ReductionMethod>>, results: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(reducers)) {
    out[`${COLLECTED_PREFIX}${name}`] = reduce(method, results.map((r) => r[name]).filter((v) => v !== undefined));
  }
  return out;
}
