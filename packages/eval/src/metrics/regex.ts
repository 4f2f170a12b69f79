import { asText, type Metric } from './metric.js';

/**
 * `regex`: the answer (as text) matches a regular expression: `pattern`
 * (with `flags`) when given, else the item's `expected` read as a pattern.
 */
export function regexMetric(options: { pattern?: string; flags?: string; name?: string } = {}): Metric {
  const fixed = options.pattern === undefined ? undefined : new RegExp(options.pattern, options.flags);
  return {
    name: options.name ?? 'regex',
    score({ item, run }) {
      const re = fixed ?? (typeof item.expected === 'string' ? new RegExp(item.expected, options.flags) : undefined);
      if (!re) throw new Error(`item ${item.id}: no pattern (give the metric a pattern, or the item an expected text)`);
      const hit = re.test(asText(run.answer));
      return { score: hit ? 1 : 0, pass: hit, details: { pattern: re.source } };
    },
  };
}
