/**
 * The answer normalization of SQuAD-style F1 and normalized exact match:
 * lower case, punctuation removed, the articles a/an/the removed, blanks
 * collapsed. Letters of every script are kept (Unicode-aware).
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The tokens of a normalized text. */
export function tokens(text: string): string[] {
  const n = normalizeText(text);
  return n === '' ? [] : n.split(' ');
}
