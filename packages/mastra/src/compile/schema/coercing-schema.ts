import { coerce } from '@agentspec/runtime';
import type { StandardSchemaWithJSON } from '@mastra/core/schema';

/**
 * A Standard Schema (with its JSON Schema) that Mastra uses for tool
 * parameters and workflow/step I/O: it shows the exact JSON Schema of the
 * Agent Spec properties (what the LLM and Mastra's tooling see) and validates
 * by the spec's coercion rules (DESIGN §4.2) — an argument `"30"` for a
 * number becomes `30` — instead of rejecting values the semantics accept.
 * Missing values are left to the node/agent, which reports AS_MISSING_INPUT.
 */
export function coercingSchema<T = Record<string, unknown>>(jsonSchema: Record<string, unknown>, vendor = 'agentspec'): StandardSchemaWithJSON<T> {
  const schema = { ...jsonSchema };
  return {
    '~standard': {
      version: 1,
      vendor,
      validate: (value: unknown) => ({ value: coerce(value, schema) as T }),
      jsonSchema: {
        input: () => structuredClone(schema),
        output: () => structuredClone(schema),
      },
    },
  };
}

/** The JSON Schema behind a coercing schema (or any Standard Schema with JSON), for importers and inspection. */
export function jsonSchemaOf(schema: unknown): Record<string, unknown> | undefined {
  const std = (schema as { '~standard'?: { jsonSchema?: { input?: (o: { target: string }) => Record<string, unknown> } } } | undefined)?.['~standard'];
  if (std?.jsonSchema?.input) {
    try {
      return std.jsonSchema.input({ target: 'draft-07' });
    } catch {
      return undefined;
    }
  }
  if (schema && typeof schema === 'object' && !('~standard' in schema) && ('type' in schema || 'properties' in schema)) return schema as Record<string, unknown>;
  return undefined;
}

/** A Standard Schema that shows `jsonSchema` and accepts any value as it is (no coercion, no checks). */
export function passthroughSchema<T = unknown>(jsonSchema: Record<string, unknown>, vendor = 'agentspec'): StandardSchemaWithJSON<T> {
  const schema = { ...jsonSchema };
  return {
    '~standard': {
      version: 1,
      vendor,
      validate: (value: unknown) => ({ value: value as T }),
      jsonSchema: { input: () => structuredClone(schema), output: () => structuredClone(schema) },
    },
  };
}
