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
