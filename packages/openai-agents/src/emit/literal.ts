/** Writing spec values as TypeScript source: every string from a spec goes through here, escaped. */

const LINE_TERMINATORS = /[\r\n\u2028\u2029]/g;

function escapeChar(c: string): string {
  switch (c) {
    case '\\': return '\\\\';
    case "'": return "\\'";
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    case '\u2028': return '\\u2028';
    case '\u2029': return '\\u2029';
    default: return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  }
}

/** A single-quoted string literal. */
export function str(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `'${value.replace(/[\\'\n\r\t\u2028\u2029\u0000-\u001f\u007f]/g, escapeChar)}'`;
}

/** A template literal (for multi-line text such as a system prompt): nothing in it is ever interpolated. */
export function template(value: string): string {
  // eslint-disable-next-line no-control-regex
  const body = value.replace(/[\\`\r\u0000-\u0008\u000b-\u001f\u007f]|\$\{/g, (c) => (c === '${' ? '\\${' : c === '`' ? '\\`' : c === '\\' ? '\\\\' : escapeChar(c)));
  return `\`${body}\``;
}

/** A string as the more readable of the two: a template literal when it spans lines, else a quoted string. */
export function text(value: string): string {
  return value.includes('\n') && !/[\r\u2028\u2029]/.test(value) ? template(value) : str(value);
}

/** Text safe inside a `//` or `/** … *\/` comment: one line, no comment end. */
export function commentText(value: string): string {
  return value.replace(LINE_TERMINATORS, ' ').replace(/\*\//g, '*\\/');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** An object key: bare when it is an identifier, quoted otherwise; `__proto__` computed so that it stays an own property. */
export function key(name: string): string {
  if (name === '__proto__') return `[${str(name)}]`;
  return IDENTIFIER.test(name) ? name : str(name);
}

/** A property access: `.name` when it is an identifier, `[name]` otherwise. */
export function access(name: string): string {
  return IDENTIFIER.test(name) ? `.${name}` : `[${str(name)}]`;
}

const MAX_INLINE = 100;

/**
 * A JSON value as a TypeScript literal: single-quoted strings, bare keys,
 * inline when short, else one entry per line with trailing commas, indented
 * by `indent` (the indentation of its first line; `column`: where it starts on that line).
 */
export function literal(value: unknown, indent = 0, column = indent): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return str(value);
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? '0' : String(value)) : 'null';
  if (typeof value === 'boolean') return String(value);
  const inline = inlineLiteral(value);
  if (inline !== undefined && inline.length + column <= MAX_INLINE) return inline;
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}${literal(v, indent + 2)},\n`).join('')}${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${key(k)}: ${literal(v, indent + 2, indent + key(k).length + 4)},\n`).join('')}${end}}`;
}

function inlineLiteral(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return literal(value);
  if (Array.isArray(value)) {
    const items = value.map(inlineLiteral);
    return items.some((i) => i === undefined) ? undefined : `[${items.join(', ')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const parts = entries.map(([k, v]) => {
    const inner = inlineLiteral(v);
    return inner === undefined ? undefined : `${key(k)}: ${inner}`;
  });
  return parts.some((p) => p === undefined) ? undefined : `{ ${parts.join(', ')} }`;
}
