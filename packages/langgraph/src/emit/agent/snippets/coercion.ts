/** Helpers of emitted agents (TypeScript source text). Coercion of values to JSON Schema types, as Agent Spec does at boundaries. */
export const COERCION_SNIPPETS = {
  coerce: `/**
 * A value coerced to a JSON Schema type, as Agent Spec does at boundaries: anything to string
 * (JSON for non-strings), integer and number and boolean among themselves, numeric strings to
 * numbers, inside arrays and objects too. What cannot be coerced is returned unchanged.
 */
function coerce(value: unknown, schema: unknown): unknown {
  if (!isObject(schema) || value === undefined) return value;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    for (const alt of alternatives) if (fits(value, alt)) return coerceParts(value, alt);
    for (const alt of alternatives) {
      const c = coerce(value, alt);
      if (fits(c, alt)) return c;
    }
    return value;
  }
  const types = typeList(schema.type);
  if (!types || types.some((t) => matches(value, t))) return coerceParts(value, schema);
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
      return typeof value === 'boolean' ? Number(value) : numeric ? Number(value) : undefined;
    case 'integer':
      if (typeof value === 'boolean') return Number(value);
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
    const properties = isObject(schema.properties) ? schema.properties : {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerce(v, Object.hasOwn(properties, k) ? properties[k] : schema.additionalProperties)]));
  }
  return value;
}

function fits(value: unknown, schema: unknown): boolean {
  const types = isObject(schema) ? typeList(schema.type) : undefined;
  return !types || types.some((t) => matches(value, t));
}

function matches(value: unknown, type: string): boolean {
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
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}`,

  coerceArgs: `/** A JSON Schema, as tool parameters are declared. */
type JsonSchema = Record<string, unknown>;

/** Tool arguments coerced to the types of the tool's parameters, defaults filled in. */
function coerceArgs(args: Readonly<Record<string, unknown>>, parameters: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  const properties = isObject(parameters.properties) ? parameters.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (Object.hasOwn(args, name) && args[name] !== undefined) out[name] = coerce(args[name], property);
    else if (isObject(property) && 'default' in property) out[name] = structuredClone(property.default);
  }
  return out;
}`,
} as const;
