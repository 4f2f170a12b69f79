import { isDeepStrictEqual } from 'node:util';
import { parsed } from './exact-match.js';
import type { Metric } from './metric.js';

/** The value at a dotted path (`a.b.0.c`) of a JSON value; undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  let v: unknown = value;
  for (const key of path.split('.')) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * `json_fields`: the answer (an object, or a text holding a JSON object,
 * fenced or not) has the fields of `expected` with equal values (deep JSON
 * equality). `fields` lists dotted paths to compare (default: every key of
 * `expected`). Score: the share of fields that match; pass: all of them.
 */
export function jsonFieldsMetric(options: { fields?: readonly string[]; name?: string } = {}): Metric {
  return {
    name: options.name ?? 'json_fields',
    score({ item, run }) {
      if (typeof item.expected !== 'object' || item.expected === null) throw new Error(`item ${item.id}: expected must be an object for json_fields`);
      const fields = options.fields ?? Object.keys(item.expected);
      const actual = parsed(run.answer);
      if (typeof actual !== 'object' || actual === null) return { score: 0, pass: false, details: { reason: 'the answer is not a JSON object' } };
      const mismatched = fields.filter((f) => !isDeepStrictEqual(valueAt(actual, f), valueAt(item.expected, f)));
      const score = fields.length === 0 ? 1 : (fields.length - mismatched.length) / fields.length;
      return {
        score,
        pass: mismatched.length === 0,
        details: { fields: fields.length, mismatched: Object.fromEntries(mismatched.map((f) => [f, { expected: valueAt(item.expected, f) ?? null, actual: valueAt(actual, f) ?? null }])) },
      };
    },
  };
}
