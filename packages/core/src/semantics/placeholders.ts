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

/**
 * Whether the placeholders of a template are exactly the titles of `inputs`
 * (as sets), every input being a schema object: then no template check of a
 * node reports anything. Reads the template in place, as PLACEHOLDER would
 * match it: no match, name or list made for the common yes.
 */
export function placeholdersAreTitles(template: string, inputs: readonly unknown[]): boolean {
  for (let i = 0; i < inputs.length; i++) {
    const p = inputs[i];
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return false;
    const title = (p as { title?: unknown }).title;
    if (typeof title !== 'string' || !hasPlaceholder(template, title)) return false;
  }
  for (let at = nextName(template, 0); at >= 0; at = nextName(template, matchEnd(template, at))) {
    const end = wordEnd(template, at);
    if (!titled(inputs, template, at, end)) return false;
  }
  return true;
}

/**
 * Whether every placeholder of a template is the title of one of `inputs`
 * (findProperty finds it); extra inputs are allowed. Reads the template in place.
 */
export function placeholdersTitled(template: string, inputs: readonly unknown[]): boolean {
  for (let at = nextName(template, 0); at >= 0; at = nextName(template, matchEnd(template, at))) {
    const end = wordEnd(template, at);
    let found = false;
    for (let i = 0; i < inputs.length && !found; i++) {
      const p = inputs[i];
      const title = typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as { title?: unknown }).title : undefined;
      found = typeof title === 'string' && title.length === end - at && template.startsWith(title, at);
    }
    if (!found) return false;
  }
  return true;
}

/** Whether `template` has a placeholder named `name`. */
function hasPlaceholder(template: string, name: string): boolean {
  for (let at = nextName(template, 0); at >= 0; at = nextName(template, matchEnd(template, at))) {
    if (wordEnd(template, at) - at === name.length && template.startsWith(name, at)) return true;
  }
  return false;
}

/** Whether one of `inputs` (schema objects) is titled template[start, end). */
function titled(inputs: readonly unknown[], template: string, start: number, end: number): boolean {
  for (let i = 0; i < inputs.length; i++) {
    const title = (inputs[i] as { title: string }).title;
    if (title.length === end - start && template.startsWith(title, start)) return true;
  }
  return false;
}

/**
 * Where the name of the first placeholder PLACEHOLDER matches at or after
 * `from` starts, or -1: `{{`, spaces, word characters, spaces, `}}`.
 */
function nextName(t: string, from: number): number {
  for (let i = t.indexOf('{{', from); i >= 0; i = t.indexOf('{{', i + 1)) {
    let j = i + 2;
    while (j < t.length && isSpace(t.charCodeAt(j))) j++;
    const name = j;
    j = wordEnd(t, j);
    if (j === name) continue;
    while (j < t.length && isSpace(t.charCodeAt(j))) j++;
    if (t.charCodeAt(j) === 0x7d && t.charCodeAt(j + 1) === 0x7d) return name;
  }
  return -1;
}

/** Where the match whose name starts at `name` ends (after its `}}`). */
function matchEnd(t: string, name: number): number {
  return t.indexOf('}}', wordEnd(t, name)) + 2;
}

function wordEnd(t: string, from: number): number {
  let j = from;
  while (j < t.length && isWord(t.charCodeAt(j))) j++;
  return j;
}

/** `\w`: ASCII letters, digits and underscore. */
function isWord(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

/** `\s`: ECMAScript white space and line terminators. */
function isSpace(c: number): boolean {
  return (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
