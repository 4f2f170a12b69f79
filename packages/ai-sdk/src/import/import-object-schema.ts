import type { Property } from '@agentspec/core';
import { asSchema } from 'ai';
import type { ImportWarnings } from './import-warnings.js';
import { schemaProperties } from './json-schema-properties.js';

/**
 * generateObject's `schema` (with `output: 'object'`, the default): the
 * agent's outputs. An array, enum or schema-less output has no Agent Spec
 * equivalent.
 */
export async function importObjectSchema(settings: Readonly<Record<string, unknown>>, warnings: ImportWarnings): Promise<Property[] | undefined> {
  const kind = settings.output;
  if (typeof kind === 'string' && kind !== 'object') {
    warnings.add('AISDK_OUTPUT_KIND', 'output', `generateObject's output '${kind}' has no Agent Spec equivalent (only 'object' maps to outputs)`);
    return undefined;
  }
  if (settings.schema === undefined) return undefined;
  const schema = await asSchema(settings.schema as Parameters<typeof asSchema>[0]).jsonSchema;
  warnings.add('AISDK_STRUCTURED_OUTPUT', 'schema', "generateObject's schema becomes the agent's outputs; run with structuredOutput: 'native' to keep native structured output (the default is submit_result)");
  return schemaProperties(schema, 'schema', warnings);
}
