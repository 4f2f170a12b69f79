import type { Helper } from './helper.js';

export const toolParameters: Helper = {
  declares: ['ToolParameters'],
  imports: { '@openai/agents': ['type JsonSchemaDefinition'] },
  code: `/** The JSON Schema of a tool's parameters (or of the agent's inputs or outputs): a closed object. */
type ToolParameters = {
  type: 'object';
  properties: JsonSchemaDefinition['schema']['properties'];
  required: string[];
  additionalProperties: false;
};`,
};

export const notStrict: Helper = {
  declares: ['notStrict'],
  needs: ['toolParameters'],
  code: `/**
 * Parameters sent with \`strict: false\`: inputs with defaults are optional, which strict mode does not
 * allow. (The SDK's types know closed schemas only as strict ones, hence the cast.)
 */
function notStrict(parameters: ToolParameters): Omit<ToolParameters, 'additionalProperties'> & { additionalProperties: true } {
  return parameters as unknown as Omit<ToolParameters, 'additionalProperties'> & { additionalProperties: true };
}`,
};

export const toolFailed: Helper = {
  declares: ['toolFailed'],
  needs: ['codedError'],
  code: `/** A ServerTool implementation threw: the run fails (AS_TOOL_FAILED). */
function toolFailed(name: string, error: unknown): CodedError {
  const message = error instanceof Error ? error.message : String(error);
  return new CodedError('AS_TOOL_FAILED', \`tool '\${name}' threw: \${message}\`, { cause: error });
}`,
};
