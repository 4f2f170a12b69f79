/**
 * Coercion at node boundaries (DESIGN §4.2), following the spec's
 * compatibility rules: anything → string (JSON for non-strings), integer ↔
 * number, boolean ↔ number (0 is false), numeric strings → numbers,
 * recursively in arrays and objects. A value that cannot be coerced is
 * returned unchanged: coercion never throws.
 */
export function coerce(value: unknown, schema: unknown): unknown {
  if (!isObject(schema) || value === undefined) return value;
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives)) {
    for (const alt of alternatives) if (fits(value, alt)) return coerceObjectParts(value, alt);
    for (const alt of alternatives) {
      const c = coerce(value, alt);
      if (fits(c, alt)) return c;
    }
    return value;
  }
  const types = typeList(schema.type);
  if (!types) return coerceObjectParts(value, schema);
  if (types.some((t) => matchesType(value, t))) return coerceObjectParts(value, schema);
  for (const t of types) {
    const c = toType(value, t);
    if (c !== undefined) return coerceObjectParts(c, schema);
  }
  return value;
}

function toType(value: unknown, type: string): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'number':
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      return undefined;
    case 'integer':
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Math.trunc(Number(value));
      return undefined;
    case 'boolean':
      if (typeof value === 'number') return value !== 0;
      if (value === 'true' || value === 'false') return value === 'true';
      return undefined;
    case 'null':
      return undefined;
    default:
      return undefined;
  }
}

function coerceObjectParts(value: unknown, schema: unknown): unknown {
  if (!isObject(schema)) return value;
  if (Array.isArray(value) && schema.items !== undefined) return value.map((v) => coerce(v, schema.items));
  if (isObject(value) && (isObject(schema.properties) || isObject(schema.additionalProperties))) {
    const props = isObject(schema.properties) ? schema.properties : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const s = Object.hasOwn(props, k) ? props[k] : schema.additionalProperties;
      out[k] = coerce(v, s);
    }
    return out;
  }
  return value;
}

function fits(value: unknown, schema: unknown): boolean {
  if (!isObject(schema)) return true;
  const types = typeList(schema.type);
  return !types || types.some((t) => matchesType(value, t));
}

function matchesType(value: unknown, type: string): boolean {
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

function typeList(t: unknown): string[] | undefined {
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
