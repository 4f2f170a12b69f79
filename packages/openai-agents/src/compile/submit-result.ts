import type { Property } from '@agentspec/core';
import type { ToolToFinalOutputFunction } from '@openai/agents';
import { shapeOutputs, SUBMIT_RESULT, submissionProblem, submitResultSpec } from '@agentspec/runtime';
import { specTool, type SdkFunctionTool } from './tools/function-tool.js';
import { runData } from './run-data.js';

/** What a valid submission answers to the model (and what the conversation shows). */
export const SUBMITTED = 'Result submitted.';

/**
 * The synthetic `submit_result` tool of an agent with outputs (DESIGN §4.2):
 * its parameters are the outputs; a valid call records them in the run
 * context, an invalid one answers the problem so that the model can correct it.
 */
export function submitResultTool(outputs: readonly Property[]): SdkFunctionTool {
  const spec = submitResultSpec(outputs);
  const asTool = { component_type: 'ServerTool', id: SUBMIT_RESULT, name: SUBMIT_RESULT, description: spec.description, inputs: outputs } as const;
  return specTool(asTool, false, async (args, runContext) => {
    const problem = submissionProblem(outputs, args);
    if (problem) return problem;
    runData(runContext).submitted ??= shapeOutputs(outputs, args);
    return SUBMITTED;
  });
}

/**
 * `toolUseBehavior` of an agent with outputs: stop at the first valid
 * `submit_result` (its outputs, as JSON, are the final output); an invalid
 * one goes back to the model like any tool result. (`stopAtToolNames` would
 * also stop on an invalid call.)
 */
export const finishOnSubmission: ToolToFinalOutputFunction = (context, results) => {
  const called = results.some((r) => r.type === 'function_output' && r.tool.name === SUBMIT_RESULT);
  const submitted = called ? runData(context).submitted : undefined;
  return submitted
    ? { isFinalOutput: true, isInterrupted: undefined, finalOutput: JSON.stringify(submitted) }
    : { isFinalOutput: false, isInterrupted: undefined };
};
