/** One entry of an object literal, as source text: `key: value`, a shorthand `key`, or a spread `...value`. */
export type LiteralEntry =
  | { readonly kind: 'property'; readonly key: string; readonly value: string }
  | { readonly kind: 'spread'; readonly value: string }
  | { readonly kind: 'other'; readonly text: string };

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The index just past a string, template or comment starting at `i`, or `i` when none starts there. */
export function skipQuoted(src: string, i: number): number {
  const c = src[i];
  if (c === '/' && src[i + 1] === '/') return src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
  if (c === '/' && src[i + 1] === '*') return src.indexOf('*/', i + 2) === -1 ? src.length : src.indexOf('*/', i + 2) + 2;
  if (c !== '"' && c !== "'" && c !== '`') return i;
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === c) return j + 1;
    else if (c === '`' && src[j] === '$' && src[j + 1] === '{') j = closing(src, j + 1) - 1;
  }
  return src.length;
}

/** The index just past the bracket matching the one at `open`. */
export function closing(src: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < src.length; ) {
    const skipped = skipQuoted(src, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = src[i] as string;
    if (OPEN[c]) stack.push(OPEN[c] as string);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
    i++;
  }
  return src.length;
}

/**
 * The entries of the object literal whose `{` is at `open`, split at its
 * top-level commas (strings, templates, comments and nested brackets
 * respected). Plain source reading: nothing is run.
 */
export function objectLiteralEntries(src: string, open: number): LiteralEntry[] {
  const end = closing(src, open) - 1;
  const parts: string[] = [];
  let from = open + 1;
  for (let i = open + 1; i < end; ) {
    const skipped = skipQuoted(src, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = src[i] as string;
    if (OPEN[c]) i = closing(src, i);
    else {
      if (c === ',') {
        parts.push(src.slice(from, i));
        from = i + 1;
      }
      i++;
    }
  }
  parts.push(src.slice(from, end));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0).map((p): LiteralEntry => {
    if (p.startsWith('...')) return { kind: 'spread', value: p.slice(3).trim() };
    const shorthand = /^([A-Za-z_$][\w$]*)$/.exec(p);
    if (shorthand) return { kind: 'property', key: shorthand[1] as string, value: shorthand[1] as string };
    const keyed = /^(?:([A-Za-z_$][\w$]*)|'([^']*)'|"([^"]*)")\s*:\s*([\s\S]+)$/.exec(p);
    if (keyed) return { kind: 'property', key: (keyed[1] ?? keyed[2] ?? keyed[3]) as string, value: keyed[4] as string };
    return { kind: 'other', text: p };
  });
}
