/**
 * TypeScript literals for values taken from a spec. Every string of a spec is
 * written as an escaped literal (never as code): single-quoted strings, or
 * template literals (with `` ` ``, `\` and `${` escaped) for text over several
 * lines. Objects and arrays are written inline when they fit on one line.
 */

const MAX_INLINE = 130;

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** A single-quoted string literal. */
export function str(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `'${s.replace(/[\\'\n\r\t\u2028\u2029\u0000-\u001f\u007f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}

/** A template literal holding `s` verbatim (no substitution). */
export function template(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `\`${s.replace(/\\|`|\$\{|\r|[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g, (c) => (c === '${' ? '\\${' : c === '\\' ? '\\\\' : c === '`' ? '\\`' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}\``;
}

/** A string as a literal: a template literal when it spans several lines, else single-quoted. */
export function text(s: string): string {
  return s.includes('\n') ? template(s) : str(s);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** An object key: bare when it is an identifier, quoted otherwise; `__proto__` computed (an own property, not the prototype). */
export function key(k: string): string {
  if (k === '__proto__') return `['__proto__']`;
  return IDENTIFIER.test(k) ? k : str(k);
}

/** Code standing for itself inside a literal (a constant's name, a call). */
export class Raw {
  constructor(readonly code: string) {}
}

export const raw = (code: string): Raw => new Raw(code);

/** A JSON-like value as a TypeScript literal, indented for `indent` (inline when short). */
export function literal(value: unknown, indent = ''): string {
  if (value instanceof Raw) return value.code;
  if (value === null || value === undefined) return value === null ? 'null' : 'undefined';
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? '0' : String(value)) : 'null';
  if (typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const parts = value.map((v) => literal(v, inner));
    const flat = `[${parts.join(', ')}]`;
    if (flat.length + indent.length <= MAX_INLINE && !flat.includes('\n')) return flat;
    return `[\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const parts = entries.map(([k, v]) => `${key(k)}: ${literal(v, inner)}`);
  const flat = `{ ${parts.join(', ')} }`;
  if (flat.length + indent.length <= MAX_INLINE && !flat.includes('\n')) return flat;
  return `{\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}}`;
}

const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally',
  'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var',
  'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'async', 'arguments', 'eval',
  'undefined', 'NaN', 'Infinity', 'Object', 'Array', 'String', 'Number', 'Boolean', 'Error', 'Promise', 'JSON', 'Math', 'Date', 'Map', 'Set', 'URL', 'Record',
]);

/** camelCase (or PascalCase) identifier from a name of the spec: letters and digits kept, the rest separating words. */
export function identifier(name: string, pascal = false): string {
  const words = name.normalize('NFKD').replace(/[^\w\s-]/g, ' ').split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  let id = words.map((w, i) => (i === 0 && !pascal ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  if (id === '') id = pascal ? 'Unnamed' : 'unnamed';
  if (/^\d/.test(id)) id = `_${id}`;
  return RESERVED.has(id) ? `${id}_` : id;
}

/** Hands out identifiers, each once: a name taken gets a number. */
export class Names {
  private readonly taken: Set<string>;

  constructor(reserved: Iterable<string> = []) {
    this.taken = new Set(reserved);
  }

  /** Names for a nested scope: what is taken here stays taken there. */
  fork(): Names {
    return new Names(this.taken);
  }

  /** `base`, else `alternative` (e.g. with the component's id), else `base` numbered. */
  take(base: string, alternative?: string): string {
    if (alternative !== undefined && this.taken.has(base) && !this.taken.has(alternative)) {
      this.taken.add(alternative);
      return alternative;
    }
    let n = base;
    for (let i = 2; this.taken.has(n); i++) n = `${base}${i}`;
    this.taken.add(n);
    return n;
  }
}

/** Text safe inside a block comment: no `*\/`, on one line. */
export function commentText(s: string): string {
  return s.replace(/\*\//g, '*\\/').replace(/[\r\n\u2028\u2029]+/g, ' ');
}
