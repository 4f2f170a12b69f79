// Writing TypeScript source text: literals that are always escaped (strings
// from a spec never become code), identifiers, indentation.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends',
  'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw',
  'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private',
  'protected', 'public', 'await', 'async', 'of', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity',
]);

const escapeChar = (c: string): string => {
  switch (c) {
    case '\\': return '\\\\';
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    default: return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }
};

/** A single-quoted string literal. */
export function str(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `'${value.replace(/[\\'\u0000-\u001f\u007f\u2028\u2029]/g, (c) => (c === '\'' ? '\\\'' : escapeChar(c)))}'`;
}

/** The text of a template literal part (between backticks): `\`, backticks and `${` escaped. */
export function templateText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\\|`|\$\{|[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g, (c) => (c === '`' ? '\\`' : c === '${' ? '\\${' : escapeChar(c)));
}

/** Text safe inside a `/* … *\/` comment, on one line. */
export function commentText(value: string): string {
  return value.replace(/\s+/g, ' ').trim().replace(/\*\//g, '*\\/');
}

/** An object key: bare when it is an identifier, else quoted. */
export function key(name: string): string {
  if (name === '__proto__') return `[${str(name)}]`;
  return IDENTIFIER.test(name) ? name : str(name);
}

/** `object.name`, or `object['name']` when the name is not an identifier. */
export function member(object: string, name: string): string {
  return IDENTIFIER.test(name) ? `${object}.${name}` : `${object}[${str(name)}]`;
}

/** A camelCase identifier made of a name's letters and digits (`get_weather` → `getWeather`), never a reserved word. */
export function camel(name: string, fallback = 'value'): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  let id = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  if (id === '') id = fallback;
  if (/^[0-9]/.test(id)) id = `_${id}`;
  return RESERVED.has(id) ? `${id}_` : id;
}

/** Identifiers unique within one module. */
export class Names {
  private readonly used = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const r of reserved) this.used.add(r);
  }

  /** `base`, or `base2`, `base3`… when taken. */
  take(base: string): string {
    let id = base;
    for (let i = 2; this.used.has(id); i++) id = `${base}${i}`;
    this.used.add(id);
    return id;
  }
}

/** A JSON value as a TypeScript literal: bare keys, single quotes, on one line when short, else 2-space indented. */
export function literal(value: unknown, indent = ''): string {
  const inline = oneLine(value);
  if (inline.length + indent.length <= 100) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${literal(v, inner)},`).join('\n')}\n${indent}]`;
  if (isObject(value)) {
    return `{\n${Object.entries(value).map(([k, v]) => `${inner}${key(k)}: ${literal(v, inner)},`).join('\n')}\n${indent}}`;
  }
  return inline;
}

function oneLine(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return str(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${key(k)}: ${oneLine(v)}`).join(', ')} }`;
  }
  return 'null';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Indents every non-empty line of a block. */
export function indent(text: string, by = '  '): string {
  return text.split('\n').map((l) => (l === '' ? l : `${by}${l}`)).join('\n');
}

/** A JSDoc block (one paragraph per entry), comment-safe. */
export function doc(lines: readonly string[], by = ''): string {
  const body = lines.map((l) => (l === '' ? `${by} *` : `${by} * ${commentText(l)}`));
  if (body.length === 1) return `${by}/** ${commentText(lines[0] ?? '')} */`;
  return [`${by}/**`, ...body, `${by} */`].join('\n');
}
