import type { Property } from '@agentspec/core';
import type { JsonSchemaDefinition } from '@openai/agents';
import { parametersSchema } from '@agentspec/runtime';
import { allowsStrict } from './strict-schema.js';

/** Name of the output schema of `structuredOutput: 'native'`. */
export const NATIVE_OUTPUT_NAME = 'agent_outputs';

/** `outputType` for `structuredOutput: 'native'`: a JSON Schema of the agent's outputs. */
export function nativeOutputType(outputs: readonly Property[]): JsonSchemaDefinition {
  const schema = parametersSchema(outputs);
  return { type: 'json_schema', name: NATIVE_OUTPUT_NAME, strict: allowsStrict(schema), schema: schema as unknown as JsonSchemaDefinition['schema'] };
}
