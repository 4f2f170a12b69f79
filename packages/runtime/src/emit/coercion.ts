import type { Snippet } from './snippet.js';

export const isObject: Snippet<never> = {
  declares: ['isObject'],
  needs: [],
  code: `/** A JSON object (not null, not an array). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}`,
};

/** The same rules as \`coerce\` of @agentspec/runtime (semantics/coercion.ts). */
export const coerce: Snippet<'isObject'> = {
  declares: ['coerce', 'toType', 'coerceParts', 'fitsType', 'hasType', 'typeList'],
  needs: ['isObject'],
  code: `/**
 * A value coerced to a JSON Schema type, as Agent Spec does at boundaries: anything → string (JSON for
 * non-strings), integer ↔ number, boolean ↔ number (0 is false), numeric strings → numbers, recursively
 * in arrays and objects. A value that cannot be coerced is returned unchanged: coercion never throws.
 */
function coerce(value: unknown, schema: unknown): unknown {
  if (!isObject(schema) || value === undefined) return value;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    for (const alt of alternatives) if (fitsType(value, alt)) return coerceParts(value, alt);
    for (const alt of alternatives) {
      const c = coerce(value, alt);
      if (fitsType(c, alt)) return c;
    }
    return value;
  }
  const types = typeList(schema.type);
  if (!types || types.some((t) => hasType(value, t))) return coerceParts(value, schema);
  for (const t of types) {
    const c = toType(value, t);
    if (c !== undefined) return coerceParts(c, schema);
  }
  return value;
}

function toType(value: unknown, type: string): unknown {
  const numeric = typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'number':
      if (typeof value === 'boolean') return value ? 1 : 0;
      return numeric ? Number(value) : undefined;
    case 'integer':
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
      return numeric ? Math.trunc(Number(value)) : undefined;
    case 'boolean':
      if (typeof value === 'number') return value !== 0;
      return value === 'true' || value === 'false' ? value === 'true' : undefined;
    default:
      return undefined;
  }
}

function coerceParts(value: unknown, schema: unknown): unknown {
  if (!isObject(schema)) return value;
  if (Array.isArray(value) && schema.items !== undefined) return value.map((v) => coerce(v, schema.items));
  if (isObject(value) && (isObject(schema.properties) || isObject(schema.additionalProperties))) {
    const props = isObject(schema.properties) ? schema.properties : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = coerce(v, Object.hasOwn(props, k) ? props[k] : schema.additionalProperties);
    return out;
  }
  return value;
}

function fitsType(value: unknown, schema: unknown): boolean {
  const types = isObject(schema) ? typeList(schema.type) : undefined;
  return !types || types.some((t) => hasType(value, t));
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number';
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'null': return value === null;
    case 'array': return Array.isArray(value);
    case 'object': return isObject(value);
    default: return true;
  }
}

function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : undefined;
}`,
};

/** The same rules as \`coerceArgs\` of @agentspec/runtime, over a JSON Schema of the parameters. */
export const coerceArgs: Snippet<'coerce' | 'isObject'> = {
  declares: ['coerceArgs'],
  needs: ['coerce', 'isObject'],
  code: `/** Tool arguments coerced to the declared parameter types (see \`coerce\`); a missing one takes its default. */
function coerceArgs<T = Record<string, unknown>>(args: unknown, parameters: unknown): T {
  const given = isObject(args) ? args : {};
  const out: Record<string, unknown> = { ...given };
  const properties = isObject(parameters) && isObject(parameters.properties) ? parameters.properties : {};
  for (const [name, schema] of Object.entries(properties)) {
    if (Object.hasOwn(given, name) && given[name] !== undefined) out[name] = coerce(given[name], schema);
    else if (isObject(schema) && 'default' in schema) out[name] = structuredClone(schema.default);
  }
  return out as T;
}`,
};
