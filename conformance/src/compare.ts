/**
 * Comparisons of expected and actual values that report the first
 * difference, with a JSON Pointer to where it is in the expectation.
 */
import { isObject, pointer } from './check.js';

/** Where an expectation and what happened first differ. `undefined` means "absent". */
export interface Difference {
  /** JSON Pointer into the expectation (relative to what was compared, until the runner makes it absolute). */
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/** The value as JSON would carry it (what "after a JSON round trip" means in CASES.md). */
export function roundTrip(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return String(value);
  }
}

function diff(expected: unknown, actual: unknown, path: string, subset: boolean): Difference | undefined {
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      const d = diff(expected[key], actual[key], pointer(path, key), subset);
      if (d) return d;
    }
    if (subset) return undefined;
    const extra = Object.keys(actual).find((key) => !Object.hasOwn(expected, key) && actual[key] !== undefined);
    return extra === undefined ? undefined : { path: pointer(path, extra), expected: undefined, actual: actual[extra] };
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const d = i < expected.length && i < actual.length
        ? diff(expected[i], actual[i], pointer(path, i), subset)
        : { path: pointer(path, i), expected: expected[i], actual: actual[i] };
      if (d) return d;
    }
    return undefined;
  }
  return expected === actual ? undefined : { path, expected, actual };
}

/** Exact equality (objects: same keys; arrays: same length; numbers exactly). */
export function firstDifference(expected: unknown, actual: unknown, path = ''): Difference | undefined {
  return diff(expected, roundTrip(actual), path, false);
}

/** Every key the expectation gives must match; keys it omits are not checked. Arrays keep their length. */
export function firstSubsetDifference(expected: unknown, actual: unknown, path = ''): Difference | undefined {
  return diff(expected, roundTrip(actual), path, true);
}

/** Prefixes a difference's path (e.g. with `/runs/0/steps/1/expect`). */
export function under(prefix: string, d: Difference | undefined): Difference | undefined {
  return d && { ...d, path: `${prefix}${d.path}` };
}
