import type { JsonSchemaType, Property } from '../model/types.js';

export const JSON_SCHEMA_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** A string property, as inferred from a placeholder. */
export function stringProperty(title: string, description?: string): Property {
  return description === undefined ? { title, type: 'string' } : { title, description, type: 'string' };
}

export function findProperty(props: readonly Property[] | null | undefined, title: string): Property | undefined {
  if (!Array.isArray(props)) return undefined;
  for (const p of props) if (isSchema(p) && p.title === title) return p as Property;
  return undefined;
}

export function titlesOf(props: readonly Property[] | null | undefined): string[] {
  return Array.isArray(props) ? props.filter(isSchema).map((p) => String(p.title)) : [];
}

function typesOf(schema: Property | Record<string, unknown>): readonly JsonSchemaType[] | undefined {
  const t = schema.type;
  if (typeof t === 'string') return [t as JsonSchemaType];
  if (Array.isArray(t)) return t as JsonSchemaType[];
  return undefined;
}

/** The object alternatives of an anyOf/oneOf schema (entries that are not schemas are ignored). */
function alternatives(schema: Record<string, unknown>): readonly Record<string, unknown>[] | undefined {
  const alt = (schema.anyOf ?? schema.oneOf) as unknown;
  return Array.isArray(alt) ? alt.filter(isSchema) : undefined;
}

/** Basic type of one value against the Agent Spec cast rules. */
function castsTo(from: JsonSchemaType, to: JsonSchemaType): boolean {
  if (from === to || to === 'string') return true;
  return isNumeric(from) && isNumeric(to);
}

function isNumeric(t: JsonSchemaType): boolean {
  return t === 'number' || t === 'integer' || t === 'boolean';
}

/**
 * Whether a value of schema `from` can be given where schema `to` is expected,
 * per the spec's type compatibility rules: everything casts to string, numbers
 * and booleans cast among themselves, arrays and objects recursively. A string
 * does not cast to a number (the spec's own example), even though a runtime
 * coerces numeric string values (DESIGN §4.2). A schema without a type accepts
 * (and may be) anything.
 */
export function canCast(from: Record<string, unknown>, to: Record<string, unknown>, depth = 0): boolean {
  if (depth > 64) return true;
  const fromAlt = alternatives(from);
  if (fromAlt) {
    for (const f of fromAlt) if (!canCast(f, to, depth + 1)) return false;
    return true;
  }
  const toAlt = alternatives(to);
  if (toAlt) {
    for (const t of toAlt) if (canCast(from, t, depth + 1)) return true;
    return false;
  }
  const ft = from.type;
  const tt = to.type;
  // one type each (most properties): no lists, no closures
  if (typeof ft === 'string' && typeof tt === 'string') return castsOne(from, to, ft as JsonSchemaType, tt as JsonSchemaType, depth);
  const toTypes = typesOf(to);
  const fromTypes = typesOf(from);
  if (!toTypes || !fromTypes) return true;
  for (const f of fromTypes) {
    let some = false;
    for (const t of toTypes) {
      if (castsOne(from, to, f, t, depth)) {
        some = true;
        break;
      }
    }
    if (!some) return false;
  }
  return true;
}

/** canCast for one type on each side. */
function castsOne(from: Record<string, unknown>, to: Record<string, unknown>, f: JsonSchemaType, t: JsonSchemaType, depth: number): boolean {
  if (!castsTo(f, t)) return false;
  if (f === 'array' && t === 'array') return canCastItems(from.items, to.items, depth);
  if (f === 'object' && t === 'object') return canCastObject(from, to, depth);
  return true;
}

function canCastItems(from: unknown, to: unknown, depth: number): boolean {
  if (!isSchema(from) || !isSchema(to)) return true;
  return canCast(from, to, depth + 1);
}

function canCastObject(from: Record<string, unknown>, to: Record<string, unknown>, depth: number): boolean {
  const fp = from.properties;
  const tp = to.properties;
  if (isSchema(fp) && isSchema(tp)) {
    for (const [k, ts] of Object.entries(tp)) {
      const fs = fp[k];
      if (isSchema(fs) && isSchema(ts) && !canCast(fs, ts, depth + 1)) return false;
    }
  }
  const fa = from.additionalProperties;
  const ta = to.additionalProperties;
  if (isSchema(fa) && isSchema(ta)) return canCast(fa, ta, depth + 1);
  return true;
}

function isSchema(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A short human form of a property's type for messages. */
export function describeType(schema: Record<string, unknown>): string {
  const alt = alternatives(schema);
  if (alt) return alt.map(describeType).join(' | ');
  const types = typesOf(schema);
  if (!types) return 'any';
  return types
    .map((t) => (t === 'array' && isSchema(schema.items) ? `array<${describeType(schema.items)}>` : t))
    .join(' | ');
}
