import type { Property } from '@agentspec/core';

/**
 * An Agent Spec property from a JSON Schema: its `$schema` and own `title`
 * dropped (the title is the key), and the ±2^53 bounds zod gives every
 * integer (they say nothing).
 */
export function property(title: string, schema: Record<string, unknown> | undefined, optional = false): Property {
  const { $schema: _s, title: _t, ...rest } = schema ?? {};
  if (rest.minimum === -Number.MAX_SAFE_INTEGER) delete rest.minimum;
  if (rest.maximum === Number.MAX_SAFE_INTEGER) delete rest.maximum;
  return { title, ...rest, ...(optional && !('default' in rest) ? { default: null } : {}) } as Property;
}

/** Properties of a JSON Schema object (those not required get a null default, as Agent Spec requires every input without one). */
export function objectProperties(schema: Record<string, unknown> | undefined): Property[] {
  const props = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([k, s]) => property(k, s, !required.has(k)));
}
