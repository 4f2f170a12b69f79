import type { Property } from '@agentspec/core';
import type { AiSdkWarning } from '../options.js';
import { schemaProperties } from './json-schema-properties.js';

/**
 * The agent's outputs from a native structured output (`Output.object`): the
 * properties of its JSON Schema. Agent Spec runtimes finish such an agent
 * through submit_result unless told `structuredOutput: 'native'`.
 */
export async function importOutput(output: unknown, warnings: AiSdkWarning[]): Promise<Property[] | undefined> {
  if (output === undefined) return undefined;
  const o = output as { name?: string; responseFormat?: PromiseLike<{ type: string; schema?: unknown }> };
  if (o.name === 'text') return undefined;
  const format = await o.responseFormat;
  if (o.name !== 'object' || format?.type !== 'json') {
    warnings.push({ kind: 'unsupported', component: 'output', message: `structured output '${String(o.name)}' has no Agent Spec equivalent (only Output.object maps to outputs)` });
    return undefined;
  }
  warnings.push({ kind: 'approximated', component: 'output', message: "Output.object becomes the agent's outputs; run with structuredOutput: 'native' to keep native structured output (the default is submit_result)" });
  return schemaProperties(format.schema, 'output', warnings);
}
