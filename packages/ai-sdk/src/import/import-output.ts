import type { Property } from '@agentspec/core';
import type { ImportWarnings } from './import-warnings.js';
import { schemaProperties } from './json-schema-properties.js';

/**
 * The agent's outputs from a native structured output (`Output.object`): the
 * properties of its JSON Schema. Agent Spec runtimes finish such an agent
 * through submit_result unless told `structuredOutput: 'native'`.
 */
export async function importOutput(output: unknown, warnings: ImportWarnings): Promise<Property[] | undefined> {
  if (output === undefined) return undefined;
  const o = output as { name?: string; responseFormat?: PromiseLike<{ type: string; schema?: unknown }> };
  if (o.name === 'text') return undefined;
  const format = await o.responseFormat;
  if (o.name !== 'object' || format?.type !== 'json') {
    warnings.add('AISDK_OUTPUT_KIND', 'output', `structured output '${String(o.name)}' has no Agent Spec equivalent (only Output.object maps to outputs)`);
    return undefined;
  }
  warnings.add('AISDK_STRUCTURED_OUTPUT', 'output', "Output.object becomes the agent's outputs; run with structuredOutput: 'native' to keep native structured output (the default is submit_result)");
  return schemaProperties(format.schema, 'output', warnings);
}
