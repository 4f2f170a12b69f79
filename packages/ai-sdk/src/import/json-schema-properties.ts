import type { Property } from '@agentspec/core';
import { ImportWarnings } from './import-warnings.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Agent Spec properties of an object JSON Schema (a tool's input schema):
 * one property per key, its schema kept (description, enum, default, …). A
 * key that is not required and has no default becomes required — Agent Spec
 * has no optional input without a default — and is reported.
 */
export function schemaProperties(schema: unknown, where: string, warnings: ImportWarnings): Property[] {
  if (!isObject(schema)) return [];
  if (!isObject(schema.properties)) {
    if (schema.type !== undefined && schema.type !== 'object') warnings.add('AISDK_SCHEMA_SHAPE', where, `the schema is not an object schema (type ${JSON.stringify(schema.type)}): no inputs imported`);
    return [];
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(schema.properties).map(([title, prop]) => {
    const p = { title, ...(isObject(prop) ? prop : {}) } as Property;
    if (!required.has(title) && !('default' in p)) {
      warnings.add('AISDK_OPTIONAL_PROPERTY', where, `optional parameter '${title}' has no default: an Agent Spec input without a default is required`);
    }
    return p;
  });
}

/** The outputs of a tool from its output schema: one property (a schema with a `title`), or one per key of an object schema. */
export function outputProperties(schema: unknown, where: string, warnings: ImportWarnings): Property[] {
  if (!isObject(schema)) return [];
  if (typeof schema.title === 'string') return [{ title: schema.title, ...schema } as Property];
  if (isObject(schema.properties)) return schemaProperties(schema, where, new ImportWarnings());
  warnings.add('AISDK_OUTPUT_SCHEMA', where, 'the output schema has no title and no properties: imported as one output named result');
  return [{ title: 'result', ...schema } as Property];
}
