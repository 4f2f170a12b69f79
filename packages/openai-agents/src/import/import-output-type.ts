import type { Property } from '@agentspec/core';
import { schemaProperties } from './schema-properties.js';
import type { Warnings } from './warnings.js';

type Converter = (outputType: object) => unknown;

/** JSON Schema of an output type: a JSON Schema definition, a Zod object (toJSONSchema), a Standard JSON Schema. */
const CONVERTERS: readonly Converter[] = [
  (t) => ((t as { type?: unknown }).type === 'json_schema' ? (t as { schema?: unknown }).schema : undefined),
  (t) => (typeof (t as { toJSONSchema?: unknown }).toJSONSchema === 'function' ? (t as { toJSONSchema: () => unknown }).toJSONSchema() : undefined),
  (t) => {
    const std = (t as { '~standard'?: { jsonSchema?: { output?: (o: { target: string }) => unknown } } })['~standard'];
    return typeof std?.jsonSchema?.output === 'function' ? std.jsonSchema.output({ target: 'draft-2020-12' }) : undefined;
  },
];

/** The agent's outputs from its `outputType` ('text': none). */
export function importOutputType(outputType: unknown, id: string, warnings: Warnings): Property[] {
  if (outputType === undefined || outputType === 'text') return [];
  if (typeof outputType === 'object' && outputType !== null) {
    for (const convert of CONVERTERS) {
      const schema = convert(outputType);
      if (schema && typeof schema === 'object' && (schema as { properties?: unknown }).properties) return schemaProperties(schema, id, warnings);
    }
  }
  warnings.add('OAI_OUTPUT_TYPE', id, 'the output type is not an object JSON Schema, Zod object or Standard JSON Schema; the agent is imported without outputs');
  return [];
}
