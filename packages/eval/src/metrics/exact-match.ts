import { isDeepStrictEqual } from 'node:util';
import { asText, type Metric } from './metric.js';
import { normalizeText } from './normalize-text.js';

/**
 * `exact`: the answer equals `expected` (or one of a list of them). Texts are
 * compared trimmed; with `normalize: true` also normalized as F1 does (case,
 * punctuation, articles, blanks). Other values (numbers, objects) compare as
 * JSON values, deeply; a text answer that is JSON is parsed first.
 */
export function exactMatchMetric(options: { normalize?: boolean; name?: string } = {}): Metric {
  const norm = (s: string) => (options.normalize ? normalizeText(s) : s.trim());
  return {
    name: options.name ?? (options.normalize ? 'exact_normalized' : 'exact'),
    score({ item, run }) {
      const expected = Array.isArray(item.expected) && item.expected.every((e) => typeof e === 'string') ? item.expected : [item.expected];
      const hit = expected.some((e) => {
        if (typeof e === 'string') return norm(asText(run.answer)) === norm(e);
        return isDeepStrictEqual(parsed(run.answer), e);
      });
      return { score: hit ? 1 : 0, pass: hit };
    },
  };
}

/** A text answer that holds JSON, parsed; anything else as it is. */
export function parsed(answer: unknown): unknown {
  if (typeof answer !== 'string') return answer;
  const text = answer.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  try {
    return JSON.parse(text);
  } catch {
    return answer;
  }
}
