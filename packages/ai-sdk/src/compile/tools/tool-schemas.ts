import type { Property } from '@agentspec/core';
import { parametersSchema } from '@agentspec/runtime';
import { jsonSchema, type JSONSchema7, type Schema } from 'ai';

type Args = Record<string, unknown>;

/** Tool arguments must be a JSON object; anything else is an invalid tool call (AS_TOOL_CALL_INVALID). */
function objectArguments(value: unknown): { success: true; value: Args } | { success: false; error: Error } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { success: true, value: value as Args }
    : { success: false, error: new TypeError('tool arguments must be a JSON object') };
}

/** The input schema of a tool: the JSON Schema of its inputs (the same as the reference runtime's), arguments checked to be an object. */
export function inputSchema(inputs: readonly Property[] | null | undefined): Schema<Args> {
  return jsonSchema<Args>(parametersSchema(inputs) as JSONSchema7, { validate: objectArguments });
}

/**
 * The output schema of a tool (not sent to the LLM, not used for validation):
 * one output is that property's schema with its `title`; several are an
 * object with one property per output; none is no schema.
 */
export function outputJsonSchema(outputs: readonly Property[] | null | undefined): JSONSchema7 | undefined {
  const props = outputs ?? [];
  if (props.length === 0) return undefined;
  if (props.length === 1) return { ...(props[0] as Property) } as JSONSchema7;
  return parametersSchema(props) as JSONSchema7;
}
