import type { FieldKind } from '../model/fields.js';
import { JSON_SCHEMA_TYPES } from '../semantics/properties.js';

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{"$component_ref": "id"}` (optionally with nested `$referenced_components`). */
export function isRef(v: unknown): v is { $component_ref: string } {
  return isPlainObject(v) && typeof v.$component_ref === 'string';
}

/** Assign without ever touching a prototype, even for a `__proto__` key. */
export function put(holder: object, key: string | number, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (holder as Record<string | number, unknown>)[key] = value;
  }
}

/** A fresh copy of a field's default value (defaults are JSON values: empty objects and lists, mostly). */
export function cloneDefault<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (value.length === 0) return [] as T;
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    let empty = true;
    for (const _ in value) {
      empty = false;
      break;
    }
    if (empty && Object.getOwnPropertySymbols(value).length === 0) return {} as T;
  }
  return structuredClone(value) as T;
}

const jsonType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Why `v` does not fit a value field kind, or undefined when it does.
 * Component kinds and properties are checked by the reader itself.
 */
export function valueProblem(kind: FieldKind, v: unknown, nullable: boolean): string | undefined {
  if (v === null) return nullable || kind.kind === 'json' ? undefined : 'must not be null';
  switch (kind.kind) {
    case 'string':
      return typeof v === 'string' ? undefined : `must be a string, not ${jsonType(v)}`;
    case 'number':
      return typeof v === 'number' ? undefined : `must be a number, not ${jsonType(v)}`;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : `must be a boolean, not ${jsonType(v)}`;
    case 'enum':
      return typeof v === 'string' && kind.values.includes(v) ? undefined : `must be one of ${kind.values.join(', ')}`;
    case 'string-list':
    case 'branches':
      return Array.isArray(v) && allStrings(v) ? undefined : 'must be a list of strings';
    case 'string-map':
      return isPlainObject(v) && allStringValues(v) ? undefined : 'must be an object whose values are strings';
    case 'json-object':
      return isPlainObject(v) ? undefined : `must be an object, not ${jsonType(v)}`;
    case 'json':
      return undefined;
    case 'string-or-list':
      return typeof v === 'string' || (Array.isArray(v) && allStrings(v)) ? undefined : 'must be a string or a list of strings';
    case 'reducers':
      return isPlainObject(v) && Object.values(v).every((x) => typeof x === 'string' && ['append', 'sum', 'average', 'max', 'min'].includes(x))
        ? undefined : 'must map output names to append, sum, average, max or min';
    case 'generation':
      if (!isPlainObject(v)) return `must be an object, not ${jsonType(v)}`;
      if (v.max_tokens != null && !Number.isInteger(v.max_tokens)) return 'max_tokens must be an integer';
      for (const k of ['temperature', 'top_p']) if (v[k] != null && typeof v[k] !== 'number') return `${k} must be a number`;
      return undefined;
    case 'session':
      if (!isPlainObject(v)) return `must be an object, not ${jsonType(v)}`;
      return v.read_timeout_seconds === undefined || typeof v.read_timeout_seconds === 'number' ? undefined : 'read_timeout_seconds must be a number';
    default:
      return undefined;
  }
}

/** Whether every item of a list is a string, holes skipped as `every` does (a loop: no closure per field read). */
function allStrings(v: readonly unknown[]): boolean {
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string' && i in v) return false;
  return true;
}

/** Whether every own enumerable value of an object is a string (no list of them made). */
function allStringValues(v: Record<string, unknown>): boolean {
  for (const k in v) if (Object.hasOwn(v, k) && typeof v[k] !== 'string') return false;
  return true;
}

/** The first key or index inside a collection value that makes it the wrong type, if any. */
export function offendingEntry(kind: FieldKind, v: unknown): string | undefined {
  if (kind.kind === 'string-map' && isPlainObject(v)) return Object.keys(v).find((k) => typeof v[k] !== 'string');
  if (kind.kind === 'reducers' && isPlainObject(v)) return Object.keys(v).find((k) => valueProblem({ kind: 'enum', values: REDUCERS }, v[k], false));
  if ((kind.kind === 'string-list' || kind.kind === 'branches') && Array.isArray(v)) {
    const i = v.findIndex((x) => typeof x !== 'string');
    return i >= 0 ? String(i) : undefined;
  }
  return undefined;
}

const REDUCERS = ['append', 'sum', 'average', 'max', 'min'];

/** Why a property is not a usable JSON Schema for Agent Spec, or undefined. */
export function propertyProblem(p: unknown): string | undefined {
  if (!isPlainObject(p)) return 'a property must be a JSON Schema object';
  if (typeof p.title !== 'string' || p.title === '') return 'a property needs a non-empty string title (its name)';
  const inner = schemaProblem(p, 0);
  return inner === undefined ? undefined : `'${p.title}' ${inner}`;
}

/**
 * Why a JSON Schema (or one nested in it) has a keyword the type rules read
 * with the wrong shape: `type` not a JSON Schema type (or list of them),
 * `anyOf`/`oneOf` not a list of schemas, `items`/`additionalProperties` not a
 * schema or boolean, `properties` not an object of schemas.
 */
function schemaProblem(s: Record<string, unknown>, depth: number): string | undefined {
  if (depth > 64) return undefined;
  const t = s.type;
  if (t !== undefined && !(typeof t === 'string' ? JSON_SCHEMA_TYPES.has(t) : Array.isArray(t) && t.length > 0 && t.every(isTypeName))) {
    return `has type ${JSON.stringify(t)}, which is not a JSON Schema type`;
  }
  // each keyword in turn, without a list of them per call (this runs for every property read)
  const inner = alternativesProblem(s, 'anyOf', depth) ?? alternativesProblem(s, 'oneOf', depth)
    ?? subschemaProblem(s, 'items', depth) ?? subschemaProblem(s, 'additionalProperties', depth);
  if (inner) return inner;
  const props = s.properties;
  if (props !== undefined) {
    if (!isPlainObject(props)) return 'has properties that is not an object of schemas';
    for (const v of Object.values(props)) {
      if (typeof v === 'boolean') continue;
      if (!isPlainObject(v)) return 'has properties that is not an object of schemas';
      const problem = schemaProblem(v, depth + 1);
      if (problem) return problem;
    }
  }
  return undefined;
}

function isTypeName(x: unknown): boolean {
  return typeof x === 'string' && JSON_SCHEMA_TYPES.has(x);
}

/** `anyOf` / `oneOf`: a list of schemas, each without a problem. */
function alternativesProblem(s: Record<string, unknown>, key: 'anyOf' | 'oneOf', depth: number): string | undefined {
  const alt = s[key];
  if (alt === undefined) return undefined;
  if (!Array.isArray(alt) || !alt.every(isPlainObject)) return `has ${key} that is not a list of schemas`;
  for (const a of alt) {
    const inner = schemaProblem(a, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/** `items` / `additionalProperties`: a schema or a boolean. */
function subschemaProblem(s: Record<string, unknown>, key: 'items' | 'additionalProperties', depth: number): string | undefined {
  const v = s[key];
  if (v === undefined || typeof v === 'boolean') return undefined;
  if (!isPlainObject(v)) return `has ${key} that is not a schema`;
  return schemaProblem(v, depth + 1);
}

/** Whether a JSON value nests deeper than `budget` levels (recursion bounded by the budget). */
export function exceedsDepth(v: unknown, budget: number): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (budget <= 0) return true;
  if (Array.isArray(v)) {
    for (const x of v) if (exceedsDepth(x, budget - 1)) return true;
    return false;
  }
  for (const k in v) if (exceedsDepth((v as Record<string, unknown>)[k], budget - 1)) return true;
  return false;
}
