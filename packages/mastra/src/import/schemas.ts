import type { Property } from '@agentspec/core';
import { standardSchemaToJSONSchema, toStandardSchema } from '@mastra/core/schema';

type Json = Record<string, unknown>;

/** The JSON Schema of any schema Mastra accepts (Zod, Standard Schema, JSON Schema), or undefined. */
export function toJsonSchema(schema: unknown): Json | undefined {
  if (schema === undefined || schema === null) return undefined;
  try {
    return clean(standardSchemaToJSONSchema(toStandardSchema(schema)) as Json);
  } catch {
    return typeof schema === 'object' && ('type' in schema || 'properties' in schema) ? clean(schema as Json) : undefined;
  }
}

function clean(schema: Json): Json {
  const { $schema: _s, ...rest } = schema;
  return rest;
}

/**
 * Agent Spec properties of a JSON Schema: an object's properties (titles from
 * their names), or one property named `fallback` for any other schema.
 */
export function propertiesOf(schema: Json | undefined, fallback: string): Property[] {
  if (!schema) return [];
  const props = schema.properties;
  if (schema.type === 'object' && typeof props === 'object' && props !== null) {
    return Object.entries(props as Record<string, Json>).map(([title, s]) => ({ ...clean(typeof s === 'object' && s !== null ? s : {}), title }));
  }
  if (schema.type === 'object' || Object.keys(schema).length === 0) return [];
  return [{ ...clean(schema), title: fallback }];
}

/** The properties a step, workflow or agent reads or gives, and whether they stand for one whole value (a schema that is not an object). */
export interface Shape {
  readonly props: readonly Property[];
  /** The one property is the whole value (an array, a string, …), not a field of an object. */
  readonly whole: boolean;
}

/**
 * What a schema reads: an object's properties (an optional one without a
 * default gets `default: null` — Mastra lets it be absent), or one property
 * named `fallback` for any other schema.
 */
export function inputShape(schema: Json | undefined, fallback = 'input'): Shape {
  const props = propertiesOf(schema, fallback);
  if (props.length !== 1 || props[0]?.title !== fallback || schema?.type === 'object') {
    const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
    return { props: props.map((p) => (required.has(p.title) || 'default' in p ? p : optional(p))), whole: false };
  }
  return { props, whole: true };
}

/** What a schema gives: an object's properties, or one property named `fallback` for any other schema. */
export function outputShape(schema: Json | undefined, fallback = 'output'): Shape {
  const props = propertiesOf(schema, fallback);
  return { props, whole: props.length === 1 && props[0]?.title === fallback && schema?.type !== 'object' };
}

/** The titles of the properties Mastra may leave out (given `default: null` by inputShape). */
export function optionalTitles(shape: Shape): Set<string> {
  return new Set(shape.props.filter((p) => 'default' in p && p.default === null).map((p) => p.title));
}

/** A property that may be absent: null is one of its types (so that nothing coerces it) and its default. */
export function optional(p: Property): Property {
  const schema = p as Property & { type?: unknown; anyOf?: unknown[] };
  if (typeof schema.type === 'string') return { ...p, type: schema.type === 'null' ? 'null' : [schema.type, 'null'], default: null } as Property;
  if (Array.isArray(schema.type)) return { ...p, type: schema.type.includes('null') ? schema.type : [...schema.type, 'null'], default: null } as Property;
  if (Array.isArray(schema.anyOf)) return { ...p, anyOf: [...schema.anyOf, { type: 'null' }], default: null } as Property;
  return { ...p, default: null };
}
