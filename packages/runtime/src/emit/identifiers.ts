// Identifiers of emitted modules made from names of a spec: valid, never a
// reserved word or a global the emitted code uses, unique within a module.
import { RuntimeError } from '../errors.js';
import { isIdentifierName } from './literal.js';

/**
 * Names an identifier made from a spec never takes: JavaScript's reserved
 * words (strict mode and modules included), TypeScript's type keywords, and
 * the globals emitted code uses (shadowing one would break it).
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  // JavaScript
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false',
  'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try',
  'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public',
  'await', 'async', 'of', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity',
  // TypeScript
  'abstract', 'any', 'as', 'asserts', 'bigint', 'boolean', 'declare', 'infer', 'is', 'keyof', 'module', 'namespace', 'never', 'number',
  'object', 'readonly', 'require', 'satisfies', 'string', 'symbol', 'type', 'unique', 'unknown', 'global', 'override', 'accessor',
  // globals of emitted code
  'globalThis', 'Object', 'Array', 'String', 'Number', 'Boolean', 'Symbol', 'BigInt', 'Function', 'Error', 'TypeError', 'RangeError', 'Promise',
  'JSON', 'Math', 'Date', 'RegExp', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Reflect', 'Proxy', 'Record', 'Partial', 'Readonly', 'ReturnType',
  'URL', 'URLSearchParams', 'fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'DOMException', 'TextEncoder',
  'TextDecoder', 'TransformStream', 'ReadableStream', 'structuredClone', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'console', 'process',
  'Buffer', 'exports', '__dirname', '__filename',
]);

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export interface IdentifierOptions {
  /** PascalCase (a type, a class) instead of camelCase. */
  readonly pascal?: boolean;
  /** The name when the spec's has no letter or digit, and the prefix of one starting with a digit (default `unnamed`). */
  readonly fallback?: string;
}

/**
 * The camelCase (or PascalCase) words of a spec name: accents dropped, ASCII
 * letters and digits kept, anything else separating words (`get-forecast` →
 * `getForecast`, `URL fetch` → `urlFetch`); `fallback` when nothing is left,
 * and before a leading digit (`3d` → `unnamed3d`). May be a reserved word:
 * see identifier() and Names.take().
 */
export function camelCase(name: string, options: IdentifierOptions = {}): string {
  const fallback = options.fallback ?? 'unnamed';
  if (!isIdentifierName(fallback) || /^[0-9]/.test(fallback)) throw new RuntimeError('AS_EMIT_VALUE', `the fallback '${fallback}' is not an identifier`);
  const words = name.normalize('NFKD').replace(/\p{M}/gu, '').split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  const first = (w: string): string => (options.pascal ? capitalized(w) : w === w.toUpperCase() ? w.toLowerCase() : w.charAt(0).toLowerCase() + w.slice(1));
  const id = words.map((w, i) => (i === 0 ? first(w) : capitalized(w))).join('');
  const prefix = options.pascal ? capitalized(fallback) : fallback;
  if (id === '') return prefix;
  return /^[0-9]/.test(id) ? `${prefix}${id}` : id;
}

/** A camelCase (or PascalCase) identifier of a spec name (see camelCase()), `_` appended to a reserved name (`new` → `new_`). */
export function identifier(name: string, options: IdentifierOptions = {}): string {
  const id = camelCase(name, options);
  return RESERVED_NAMES.has(id) ? `${id}_` : id;
}

/** SCREAMING_SNAKE_CASE of a camelCase identifier (`getForecastTool` → `GET_FORECAST_TOOL`). */
export function constantName(camel: string): string {
  return camel.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

export interface TakeOptions {
  /** Taken instead of numbering `base` when `base` is taken and it is not (e.g. the name with the component's id). */
  readonly alternative?: string;
  /** Names declared together: `base + suffix` must be free for each (default: `base` alone). */
  readonly suffixes?: readonly string[];
}

/** The identifiers of one module (or scope), each handed out once; reserved names are always taken. */
export class Names {
  readonly #taken: Set<string>;

  constructor(taken: Iterable<string> = []) {
    this.#taken = new Set(taken);
  }

  has(name: string): boolean {
    return this.#taken.has(name) || RESERVED_NAMES.has(name);
  }

  /** Mark names taken (those the emitter declares itself). */
  add(...names: readonly string[]): void {
    for (const n of names) this.#taken.add(n);
  }

  /** Names for a nested scope: what is taken here stays taken there. */
  fork(): Names {
    return new Names(this.#taken);
  }

  /** `base`, else `alternative`, else `base2`, `base3`…, such that `name + suffix` is free for every suffix; all of them taken. */
  take(base: string, options: TakeOptions = {}): string {
    const suffixes = options.suffixes ?? [''];
    for (const n of [base, ...(options.alternative === undefined ? [] : [options.alternative])]) {
      for (const s of suffixes) {
        if (!isIdentifierName(`${n}${s}`)) throw new RuntimeError('AS_EMIT_VALUE', `'${n}${s}' is not an identifier`, {}, { hint: 'make it with identifier() or camelCase()' });
      }
    }
    const free = (candidate: string): boolean => suffixes.every((s) => !this.has(`${candidate}${s}`));
    let name = base;
    if (!free(base) && options.alternative !== undefined && free(options.alternative)) name = options.alternative;
    else for (let n = 2; !free(name); n++) name = `${base}${n}`;
    for (const s of suffixes) this.#taken.add(`${name}${s}`);
    return name;
  }
}
