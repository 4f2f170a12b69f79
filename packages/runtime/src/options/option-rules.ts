/**
 * What an option takes, for {@link checkOptions}: a JSON-ish type, a `count`
 * (a whole number ≥ 0), `function`,
 * an AbortSignal, one of some values, an object with known keys (`shape`),
 * an object of any keys (`record`), a list, or any of several rules.
 */
export type OptionRule =
  | 'string' | 'number' | 'count' | 'boolean' | 'function' | 'object' | 'signal' | 'any'
  | { readonly oneOf: readonly (string | number | boolean)[] }
  | { readonly shape: OptionShape; readonly required?: readonly string[] }
  | { readonly record: OptionRule }
  | { readonly list: OptionRule }
  | { readonly anyOf: readonly OptionRule[] };

/** The options an object takes, by key. */
export type OptionShape = Readonly<Record<string, OptionRule>>;

/** What a rule takes, in words (for messages). */
export function describeRule(rule: OptionRule): string {
  if (typeof rule === 'string') {
    return { string: 'a string', number: 'a number', count: 'a whole number ≥ 0', boolean: 'true or false', function: 'a function', object: 'an object', signal: 'an AbortSignal', any: 'anything' }[rule];
  }
  if ('oneOf' in rule) return rule.oneOf.map((v) => JSON.stringify(v)).join(' or ');
  if ('shape' in rule) return `an object with ${Object.keys(rule.shape).join(', ')}`;
  if ('record' in rule) return `an object of ${describeRule(rule.record).replace(/^an? /, '')}s by name`;
  if ('list' in rule) return `a list of ${describeRule(rule.list).replace(/^an? /, '')}s`;
  return rule.anyOf.map(describeRule).join(', or ');
}

/** What a value is, in words (for messages). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Whether a value is a plain object (options, a nested group of them). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names people write for an option, mapped to ours. */
const SYNONYMS: Readonly<Record<string, string>> = {
  baseurl: 'url', endpoint: 'url', uri: 'url', host: 'url', api_key: 'apiKey', key: 'apiKey', token: 'apiKey',
  timeout: 'timeoutMs', maxretries: 'retries', retry: 'retries', maxsteps: 'maxSteps',
};

/** The known key a mistyped one most likely means (synonym, case, or one or two letters off). */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const synonym = SYNONYMS[lower];
  if (synonym && known.includes(synonym)) return synonym;
  const sameCase = known.find((k) => k.toLowerCase() === lower);
  if (sameCase) return sameCase;
  let best: { key: string; distance: number } | undefined;
  for (const k of known) {
    const distance = editDistance(lower, k.toLowerCase());
    if (distance <= Math.min(2, Math.floor(k.length / 3)) && (!best || distance < best.distance)) best = { key: k, distance };
  }
  return best?.key;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}
