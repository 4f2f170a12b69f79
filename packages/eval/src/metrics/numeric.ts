import type { Metric } from './metric.js';

const NUMBER = /[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

/** The number an answer gives: a number as it is; in a text, the last number written (thousands commas allowed). */
export function numberIn(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const found = [...value.matchAll(NUMBER)].map((m) => m[0]).filter((m) => /\d/.test(m));
  const last = found.at(-1);
  return last === undefined ? undefined : Number(last.replace(/,/g, ''));
}

/**
 * `numeric`: the answer's number is within `tolerance` of `expected`
 * (absolute, default 1e-6), or within `relative` × |expected| when given.
 * Score 1 or 0; details carry both numbers and the difference.
 */
export function numericMetric(options: { tolerance?: number; relative?: number; name?: string } = {}): Metric {
  const tolerance = options.tolerance ?? 1e-6;
  return {
    name: options.name ?? 'numeric',
    score({ item, run }) {
      const expected = numberIn(item.expected);
      if (expected === undefined) throw new Error(`item ${item.id}: expected is not a number (${JSON.stringify(item.expected)})`);
      const actual = numberIn(run.answer);
      if (actual === undefined) return { score: 0, pass: false, details: { expected, actual: null, reason: 'the answer has no number' } };
      const difference = Math.abs(actual - expected);
      const allowed = options.relative !== undefined ? options.relative * Math.abs(expected) : tolerance;
      const pass = difference <= allowed;
      return { score: pass ? 1 : 0, pass, details: { expected, actual, difference, allowed } };
    },
  };
}
