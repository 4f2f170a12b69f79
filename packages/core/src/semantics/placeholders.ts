const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Names of the `{{ name }}` placeholders in a template, unique, in order of appearance. */
export function placeholdersIn(template: string): string[] {
  if (!template.includes('{{')) return [];
  const names: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1] as string;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Placeholders in every string found in a JSON value (strings, array items, object keys and values). */
export function placeholdersDeep(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const n of placeholdersIn(value)) if (!into.includes(n)) into.push(n);
  } else if (Array.isArray(value)) {
    for (const v of value) placeholdersDeep(v, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      placeholdersDeep(k, into);
      placeholdersDeep(v, into);
    }
  }
  return into;
}
