import type { Property } from '@agentspec/core';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { coerce } from './coercion.js';

/**
 * The values of a component's inputs: each present value coerced to its
 * property's type; a missing one takes its default, else AS_MISSING_INPUT.
 */
export function resolveInputs(props: readonly Property[] | null | undefined, available: Readonly<Record<string, unknown>>, site: ErrorSite): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of props ?? []) {
    if (Object.hasOwn(available, p.title) && available[p.title] !== undefined) out[p.title] = coerce(available[p.title], p);
    else if ('default' in p) out[p.title] = structuredClone(p.default);
    else throw new RuntimeError('AS_MISSING_INPUT', `input '${p.title}' has no value and no default`, site, { hint: 'connect a data edge to it, give it a default, or pass it when starting' });
  }
  return out;
}

/** Keep only the declared outputs of a result, coerced to their types. */
export function shapeOutputs(props: readonly Property[] | null | undefined, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of props ?? []) if (Object.hasOwn(values, p.title) && values[p.title] !== undefined) out[p.title] = coerce(values[p.title], p);
  return out;
}
