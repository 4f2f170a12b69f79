import type { Known, Tool } from '@agentspec/core';
import { tool, type FunctionTool, type JsonSchemaDefinition, type RunContext } from '@openai/agents';
import { parametersSchema, toolResultText } from '@agentspec/runtime';
import { compiledFrom } from '../provenance.js';
import { allowsStrict } from '../strict-schema.js';

/** Runs a tool call: the parsed arguments, the run context, the call id. */
export type ToolExecute = (args: Record<string, unknown>, runContext: RunContext<unknown>, callId: string, signal?: AbortSignal) => Promise<unknown>;

export type SdkFunctionTool = FunctionTool<unknown, never, unknown>;

type ClosedSchema = Extract<JsonSchemaDefinition['schema'], { additionalProperties: false }>;
type OpenSchema = Extract<JsonSchemaDefinition['schema'], { additionalProperties: true }>;

/**
 * An SDK `tool()` for an Agent Spec tool: its name and description, the JSON
 * Schema of its inputs as parameters (`strict` only when the schema allows
 * it), `needsApproval`, and no error function, so that a failing tool fails
 * the run (DESIGN §4.2). The result reaches the model as text: strings as
 * they are, anything else as JSON.
 */
export function specTool(spec: Known<Tool>, needsApproval: boolean, execute: ToolExecute): SdkFunctionTool {
  const parameters = parametersSchema(spec.inputs);
  const common = {
    name: spec.name,
    description: spec.description ?? '',
    needsApproval,
    errorFunction: null,
    execute: async (input: unknown, runContext?: RunContext<unknown>, details?: { toolCall?: { callId: string }; signal?: AbortSignal }) => {
      const args = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      return toolResultText(await execute(args, runContext as RunContext<unknown>, details?.toolCall?.callId ?? '', details?.signal));
    },
  };
  // The SDK's types call a schema with additionalProperties: false "strict"; ours may be closed yet have optional properties.
  const made = allowsStrict(parameters)
    ? tool({ ...common, parameters: parameters as unknown as ClosedSchema, strict: true })
    : tool({ ...common, parameters: parameters as unknown as OpenSchema, strict: false });
  compiledFrom.set(made, spec);
  return made as unknown as SdkFunctionTool;
}
