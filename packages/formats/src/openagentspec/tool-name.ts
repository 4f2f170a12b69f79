/** Longest function name the OpenAI-compatible APIs take. */
const MAX_NAME = 64;

/**
 * A name LLM APIs accept for a function (`[a-zA-Z0-9_-]{1,64}`), not yet in
 * `taken`: other characters (the `.` of DNS-style names) become `_`, long
 * names are cut, a name taken gets `_2`, `_3`, ….
 */
export function functionName(wanted: string, taken: ReadonlySet<string>): string {
  const base = (wanted.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool').slice(0, MAX_NAME);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const suffix = `_${i}`;
    const candidate = `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
