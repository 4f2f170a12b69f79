// TypeScript literals of spec values: every string of a spec reaches an
// emitted module through these functions, escaped, so that no text of a spec
// is ever code (a security boundary, fuzz-tested in tests/emit/literal.test.ts).
import { RuntimeError } from '../errors.js';

/** Code standing for itself inside a literal (a constant's name, a call), never escaped: only for text the emitter wrote. */
export class Raw {
  constructor(readonly code: string) {}
}

/** `code` as a value of a literal that is written as it is. */
export const raw = (code: string): Raw => new Raw(code);

/** An ASCII identifier: a bare object key, a `.name` access. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** How wide a literal may grow on one line before it is written one entry per line. */
const WIDTH = 100;

/**
 * Characters escaped wherever spec text is written: control characters (C0, DEL, C1), the line
 * separators JavaScript treats as line breaks (U+2028, U+2029), invisible format characters (bidi
 * overrides, zero-width characters, BOM: text that reads differently than it runs) and lone
 * surrogates (which a UTF-8 file cannot hold).
 */
const UNSAFE = String.raw`\p{Cc}\p{Cf}\p{Cs}\u2028\u2029`;
const STRING_ESCAPES = new RegExp(String.raw`[\\'${UNSAFE}]`, 'gu');
const TEMPLATE_ESCAPES = new RegExp(String.raw`\\|\x60|\$\{|\$$|[${UNSAFE}]`, 'gu');
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\', "'": "\\'", '`': '\\`', '${': '\\${', $: '\\$' };

/** The escape sequence of a character (a code point, or a lone surrogate). */
function escape(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.codePointAt(0) as number;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** A single-quoted string literal. */
export function str(value: string): string {
  return `'${value.replace(STRING_ESCAPES, escape)}'`;
}

/**
 * The text of a template literal part (between backticks, or around `${…}`
 * written by the emitter): `\`, backticks, `${` and a final `$` escaped, line
 * breaks kept as they are (readable prompts), other unsafe characters escaped.
 */
export function templateText(value: string): string {
  return value.replace(TEMPLATE_ESCAPES, (c) => (c === '\n' ? c : escape(c)));
}

/** A template literal holding `value` verbatim (nothing in it is interpolated). */
export function template(value: string): string {
  return `\`${templateText(value)}\``;
}

/** A string as the more readable literal: a template literal when it spans lines (and has no other line break, which would show escaped), else single-quoted. */
export function text(value: string): string {
  return value.includes('\n') && !/[\r\u2028\u2029]/.test(value) ? template(value) : str(value);
}

/**
 * Text for a comment (`// …` or `/* … *\/`, with a space or a character other
 * than `*` and `/` on each side): on one line (whitespace and control
 * characters fold into one space), `*\/` cannot close it, invisible format
 * characters and lone surrogates are shown as `\uXXXX`.
 */
export function commentText(value: string): string {
  return value
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .replace(/[\p{Cf}\p{Cs}]/gu, escape)
    .replace(/\*\//g, '*\\/');
}

/** A doc comment of lines (an empty one: an empty comment line), each comment-safe, indented by `indent`; on one line when it has one. */
export function docComment(lines: readonly string[], indent = ''): string {
  if (lines.length === 1) return `${indent}/** ${commentText(lines[0] as string)} */`;
  return [`${indent}/**`, ...lines.map((l) => (l === '' ? `${indent} *` : `${indent} * ${commentText(l)}`)), `${indent} */`].join('\n');
}

/** Whether `name` can be written as a bare key or a `.name` access. */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** An object key: bare when it is an identifier, else a string literal; `__proto__` computed, so that it defines an own property, never the prototype. */
export function key(name: string): string {
  if (name === '__proto__') return `[${str(name)}]`;
  return IDENTIFIER.test(name) ? name : str(name);
}

/** A property access: `.name`, or `['na-me']` when the name is not an identifier. */
export function member(name: string): string {
  return IDENTIFIER.test(name) ? `.${name}` : `[${str(name)}]`;
}

/** A number as an expression that evaluates to it exactly (NaN, ±Infinity and -0 included). */
function numberLiteral(value: number): string {
  if (Number.isNaN(value)) return 'Number.NaN';
  if (value === Infinity) return 'Number.POSITIVE_INFINITY';
  if (value === -Infinity) return 'Number.NEGATIVE_INFINITY';
  return Object.is(value, -0) ? '-0' : String(value);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The defined entries of an object (an undefined value is left out, as JSON does). */
function entriesOf(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

/** A value that has no literal: a function, symbol, bigint, an object of a class, a cycle. */
function refuse(what: string, path: string): never {
  throw new RuntimeError('AS_EMIT_VALUE', `${what} at ${path} has no TypeScript literal`, {}, {
    hint: 'an emitted module holds JSON-like values only (strings, numbers, booleans, null, arrays, plain objects)',
  });
}

/** How literal() writes strings. */
export interface LiteralOptions {
  /**
   * Text over several lines as template literals (readable prompts). Only
   * where the code holding the literal is not re-indented afterwards: that
   * would change the text. Default: single-quoted strings.
   */
  readonly multiline?: boolean;
}

/** The literal on one line; undefined when it cannot be (a multi-line string or code). */
function oneLine(value: unknown, path: string, ancestors: Set<object>, multiline: boolean): string | undefined {
  if (value instanceof Raw) return value.code.includes('\n') ? undefined : value.code;
  switch (typeof value) {
    case 'undefined': return 'undefined';
    case 'boolean': return String(value);
    case 'number': return numberLiteral(value);
    case 'string': return multiline && text(value).includes('\n') ? undefined : str(value);
    case 'object': break;
    default: return refuse(`a ${typeof value}`, path);
  }
  if (value === null) return 'null';
  if (ancestors.has(value)) refuse('a reference cycle', path);
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      const items = Array.from(value as unknown[], (v, i) => oneLine(v, `${path}[${i}]`, ancestors, multiline));
      return items.includes(undefined) ? undefined : `[${items.join(', ')}]`;
    }
    if (!isPlainObject(value)) refuse(`an object of class ${value.constructor?.name ?? '?'}`, path);
    const entries = entriesOf(value);
    if (entries.length === 0) return '{}';
    const parts = entries.map(([k, v]) => {
      const inner = oneLine(v, `${path}${member(k)}`, ancestors, multiline);
      return inner === undefined ? undefined : `${key(k)}: ${inner}`;
    });
    return parts.includes(undefined) ? undefined : `{ ${parts.join(', ')} }`;
  } finally {
    ancestors.delete(value);
  }
}

function write(value: unknown, indent: string, column: number, path: string, multiline: boolean): string {
  const inline = oneLine(value, path, new Set(), multiline);
  if (inline !== undefined && column + inline.length <= WIDTH) return inline;
  if (value instanceof Raw) return value.code;
  if (typeof value === 'string') return multiline ? text(value) : str(value);
  if (value === null || typeof value !== 'object') return inline as string;
  const pad = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${Array.from(value as unknown[], (v, i) => `${pad}${write(v, pad, pad.length, `${path}[${i}]`, multiline)},\n`).join('')}${indent}]`;
  }
  const entries = entriesOf(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${pad}${key(k)}: ${write(v, pad, pad.length + key(k).length + 2, `${path}${member(k)}`, multiline)},\n`).join('')}${indent}}`;
}

/**
 * A JSON-like value as a TypeScript expression that evaluates to it: strings
 * escaped (single-quoted; see LiteralOptions), numbers exact
 * (NaN, ±Infinity, -0), arrays and plain objects in their key order (an
 * undefined property left out), `raw()` code as it is. It stays on one line
 * when it fits in 100 columns from `column` (where it starts: by default the
 * end of `indent`), else one entry per line, 2 spaces deeper than `indent`,
 * with trailing commas. A function, symbol, bigint, object of a class or
 * cycle is refused (AS_EMIT_VALUE).
 */
export function literal(value: unknown, indent = '', column = indent.length, options: LiteralOptions = {}): string {
  return write(value, indent, column, '$', options.multiline === true);
}
