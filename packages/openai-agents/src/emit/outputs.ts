import type { Property } from '@agentspec/core';
import { outputRules, parametersSchema, SUBMIT_RESULT, submitResultSpec } from '@agentspec/runtime';
import { allowsStrict } from '../compile/strict-schema.js';
import { NATIVE_OUTPUT_NAME } from '../compile/native-output.js';
import { SUBMITTED } from '../compile/submit-result.js';
import { literal, str, text } from '@agentspec/runtime/emit';
import type { AgentModule as ModuleWriter } from './agent-module.js';

/**
 * The outputs of an agent, as compileOpenAiAgents makes them: the synthetic
 * `submit_result` tool and the `toolUseBehavior` that stops at its first valid
 * call, and the `outputType` of `structuredOutput: 'native'`.
 */
export function emitOutputs(w: ModuleWriter, outputs: readonly Property[]): string {
  const schema = parametersSchema(outputs);
  const strict = allowsStrict(schema);
  w.import('@openai/agents', 'tool');
  w.importType('@openai/agents', 'ToolToFinalOutputFunction');
  w.importType('@openai/agents', 'JsonSchemaDefinition');
  w.use('toolParameters');
  w.use('runData');
  w.use('coerce');
  w.use('submissionProblem');
  if (!strict) w.use('notStrict');
  return `// ---- Outputs: the agent finishes by calling submit_result with them (or with the SDK's native structured output)

/** The agent's outputs, as the parameters of submit_result and the schema of the native output type. */
const OUTPUTS: ToolParameters = ${literal(schema, '', 31)};

/** How submit_result checks the outputs (Agent Spec's cast rules). */
const OUTPUT_RULES: readonly OutputRule[] = ${literal(outputRules(outputs), '', 100)};

/** submit_result: a valid call records the outputs in the run context; an invalid one tells the model what to fix. */
const submitResultTool = tool({
  name: ${str(SUBMIT_RESULT)},
  description: ${text(submitResultSpec(outputs).description)},
  parameters: ${strict ? 'OUTPUTS' : 'notStrict(OUTPUTS)'},
  strict: ${strict},
  needsApproval: false,
  errorFunction: null,
  execute: async (args, runContext) => {
    const problem = submissionProblem(args, OUTPUT_RULES);
    if (problem) return problem;
    runData(runContext).submitted ??= shapeOutputs(args);
    return ${str(SUBMITTED)};
  },
});

/** \`toolUseBehavior\`: stop at the first valid submit_result, whose outputs (as JSON) are the final output. */
const finishOnSubmission: ToolToFinalOutputFunction = (context, results) => {
  const called = results.some((r) => r.type === 'function_output' && r.tool.name === ${str(SUBMIT_RESULT)});
  const submitted = called ? runData(context).submitted : undefined;
  return submitted
    ? { isFinalOutput: true, isInterrupted: undefined, finalOutput: JSON.stringify(submitted) }
    : { isFinalOutput: false, isInterrupted: undefined };
};

/** \`outputType\` with \`structuredOutput: 'native'\`: the SDK's structured output, a JSON Schema of the outputs. */
const OUTPUT_TYPE: JsonSchemaDefinition = { type: 'json_schema', name: ${str(NATIVE_OUTPUT_NAME)}, strict: ${strict}, schema: OUTPUTS };

/** The declared outputs of a submission, coerced to their types. */
function shapeOutputs(args: unknown): Record<string, unknown> {
  const given = isObject(args) ? args : {};
  const outputs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(OUTPUTS.properties)) {
    if (Object.hasOwn(given, name) && given[name] !== undefined) outputs[name] = coerce(given[name], schema);
  }
  return outputs;
}`;
}
