const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Names of the `{{ name }}` placeholders in a template, unique, in order of appearance. */
export function placeholdersIn(template: string): string[] {
  if (!template.includes('{{')) return [];
  const names: string[] = [];
  // exec on the shared expression (from the start), not matchAll: no copy of it and no iterator per template
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(template); m !== null; m = PLACEHOLDER.exec(template)) {
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
