/** A template placeholder name (`\w+`) for `wanted`, not in `taken` (which it is added to). */
export function uniqueName(wanted: string, taken: Set<string>, fallback = 'value'): string {
  let base = wanted.replace(/\W+/g, '_').replace(/^_+|_+$/g, '') || fallback;
  if (/^\d/.test(base)) base = `_${base}`;
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}
