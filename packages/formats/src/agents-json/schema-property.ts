import type { JsonSchemaType, Property } from '@agentspec/core';
import { setOwn } from '../object-fields.js';
import { isObject, type Json } from '../shape-check.js';

const TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** JSON Schema keywords kept from an OpenAPI schema (the others are OpenAPI's: `nullable` is folded into `type`, `example`, `xml`, … are documentation). */
const KEPT = ['description', 'enum', 'const', 'format', 'default', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'required', 'minProperties', 'maxProperties'];

/** An OpenAPI (3.0 or 3.1) schema, `$ref`s resolved, as a JSON Schema (`nullable` as a `null` type). */
export function jsonSchemaOf(schema: unknown): Json {
  if (!isObject(schema)) return {};
  const out: Record<string, unknown> = {};
  const types = (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]).filter((t): t is string => typeof t === 'string' && TYPES.has(t));
  if (schema.nullable === true && types.length > 0 && !types.includes('null')) types.push('null');
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1) out.type = types;
  for (const key of KEPT) if (Object.hasOwn(schema, key)) out[key] = schema[key];
  if (schema.items !== undefined) out.items = jsonSchemaOf(schema.items);
  if (isObject(schema.properties)) {
    const props: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema.properties)) setOwn(props, k, jsonSchemaOf(v));
    out.properties = props;
  }
  if (typeof schema.additionalProperties === 'boolean') out.additionalProperties = schema.additionalProperties;
  else if (isObject(schema.additionalProperties)) out.additionalProperties = jsonSchemaOf(schema.additionalProperties);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(schema[key])) out[key] = (schema[key] as unknown[]).map(jsonSchemaOf);
  return out;
}

/** A property (an input or output) named `title` with the schema, a description given winning over the schema's. */
export function schemaProperty(title: string, schema: unknown, description?: string): Property {
  const json = jsonSchemaOf(schema);
  return { title, ...json, ...(description !== undefined && description !== '' ? { description } : {}) } as Property;
}

/** The first JSON Schema type of a schema (undefined when untyped). */
export function firstType(schema: unknown): JsonSchemaType | undefined {
  if (!isObject(schema)) return undefined;
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  return typeof t === 'string' && TYPES.has(t) ? (t as JsonSchemaType) : undefined;
}
