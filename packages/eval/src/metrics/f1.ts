import { asText, type Metric } from './metric.js';
import { tokens } from './normalize-text.js';

/**
 * Token F1 of a prediction against one reference (SQuAD / SimpleQA style):
 * both normalized ({@link normalizeText}), the common tokens counted as a
 * multiset; precision = common / predicted, recall = common / reference,
 * F1 = 2PR / (P + R). Two empty texts score 1; one empty text scores 0.
 */
export function tokenF1(prediction: string, reference: string): { f1: number; precision: number; recall: number } {
  const p = tokens(prediction);
  const r = tokens(reference);
  if (p.length === 0 || r.length === 0) {
    const same = p.length === r.length ? 1 : 0;
    return { f1: same, precision: same, recall: same };
  }
  const counts = new Map<string, number>();
  for (const t of r) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      common++;
      counts.set(t, n - 1);
    }
  }
  if (common === 0) return { f1: 0, precision: 0, recall: 0 };
  const precision = common / p.length;
  const recall = common / r.length;
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}

/**
 * `f1`: token F1 of the answer against `expected` (a text, or a list of
 * acceptable texts: the best one counts). Pass: F1 ≥ `threshold` (default 0.5).
 */
export function f1Metric(options: { threshold?: number; name?: string } = {}): Metric {
  const threshold = options.threshold ?? 0.5;
  return {
    name: options.name ?? 'f1',
    score({ item, run }) {
      const references = Array.isArray(item.expected) ? item.expected.map(asText) : [asText(item.expected)];
      const answer = asText(run.answer);
      let best = { f1: -1, precision: 0, recall: 0, reference: '' };
      for (const reference of references) {
        const s = tokenF1(answer, reference);
        if (s.f1 > best.f1) best = { ...s, reference };
      }
      return { score: best.f1, pass: best.f1 >= threshold, details: { precision: best.precision, recall: best.recall, reference: best.reference } };
    },
  };
}
