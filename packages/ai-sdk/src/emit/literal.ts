/**
 * TypeScript literals of spec values: every string of a spec reaches the
 * emitted module through these, properly escaped (quotes, backslashes,
 * backticks, `${`, line breaks, `*\/`), so no text of a spec is ever code.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Characters escaped in every literal: control characters, and the line separators JavaScript treats as line breaks. */
function escapeControl(ch: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\0': '\\x00' };
  return named[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A single-quoted string literal. */
export function str(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `'${value.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u2028\u2029]/g, escapeControl)}'`;
}

/** The text of a template literal part: backslashes, backticks and `${` escaped; line breaks kept as they are (readable prompts), other control characters escaped. */
export function templateText(value: string): string {
  return value
    .replace(/[\\`]/g, (c) => `\\${c}`)
    .replace(/\$\{/g, '\\${')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u2028\u2029]/g, escapeControl);
}

/** Text for a comment: `*\/` cannot close it, line breaks become spaces. */
export function commentText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\*\//g, '*\\/').replace(/\s*[\u0000-\u001f\u2028\u2029]+\s*/g, ' ').trim();
}

/** An object key: bare when it is an identifier, else a string literal. */
export function key(name: string): string {
  if (name === '__proto__') return `[${str(name)}]`; // a computed key defines an own property, never the prototype
  return IDENTIFIER.test(name) ? name : str(name);
}

/** A property access: `.name` or `['na-me']`. */
export function member(name: string): string {
  return IDENTIFIER.test(name) ? `.${name}` : `[${str(name)}]`;
}

/**
 * A JSON value as a TypeScript literal, 2-space indented from `indent`:
 * objects keep the spec's key order (stable output), short flat ones stay
 * on one line.
 */
export function literal(value: unknown, indent = ''): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'string') return str(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => literal(v, inner));
    const flat = `[${items.join(', ')}]`;
    if (!flat.includes('\n') && flat.length + indent.length <= 100) return flat;
    return `[\n${items.map((i) => `${inner}${i},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const parts = entries.map(([k, v]) => `${key(k)}: ${literal(v, inner)}`);
  const flat = `{ ${parts.join(', ')} }`;
  if (!flat.includes('\n') && flat.length + indent.length <= 100) return flat;
  return `{\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}}`;
}

/** A camelCase identifier from a spec name (`get-forecast` → `getForecast`), never a reserved word, unique among `taken`. */
export function identifier(name: string, suffix: string, taken: Set<string>): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
  const first = (w: string): string => (w === w.toUpperCase() ? w.toLowerCase() : w.charAt(0).toLowerCase() + w.slice(1));
  let base = words.map((w, i) => (i === 0 ? first(w) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  if (base === '' || /^[0-9]/.test(base)) base = `tool${base.charAt(0).toUpperCase()}${base.slice(1)}`;
  let id = `${base}${suffix}`;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}${suffix}`;
  taken.add(id);
  return id;
}

/** SCREAMING_SNAKE_CASE of a camelCase identifier (`getForecastTool` → `GET_FORECAST_TOOL`). */
export function constantName(camel: string): string {
  return camel.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}
