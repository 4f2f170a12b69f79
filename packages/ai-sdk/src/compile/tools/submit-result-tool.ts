import type { Property } from '@agentspec/core';
import { shapeOutputs, submissionProblem, submitResultSpec } from '@agentspec/runtime';
import { tool, type Tool } from 'ai';
import { inputSchema } from './tool-schemas.js';
import { textOutput } from './tool-kinds.js';

/** The tool message of an accepted submission (the reference runtime's). */
export const SUBMITTED = 'Result submitted.';

/**
 * The synthetic `submit_result` tool of an agent with outputs (DESIGN §4.2):
 * its parameters are the outputs; a valid call returns the outputs (and the
 * LLM reads "Result submitted."), an invalid one returns the problem, which
 * goes back to the LLM as the tool result.
 */
export function submitResultTool(outputs: readonly Property[]): Tool {
  const spec = submitResultSpec(outputs);
  return tool({
    description: spec.description,
    inputSchema: inputSchema(outputs),
    execute: async (args: Record<string, unknown>) => submissionProblem(outputs, args) ?? shapeOutputs(outputs, args),
    toModelOutput: ({ output }) => textOutput(typeof output === 'string' ? output : SUBMITTED),
  }) as Tool;
}
