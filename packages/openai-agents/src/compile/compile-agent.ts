import type { Agent as SpecAgent } from '@agentspec/core';
import { Agent, type AgentOutputType } from '@openai/agents';
import { generationParams, McpConnections, toolRunner } from '@agentspec/runtime';
import { modelFor } from '../model/llm-model.js';
import { modelSettings } from '../model/model-settings.js';
import type { CompileOptions, CompileResult, CompileWarning } from '../types.js';
import { checkServerTools } from './check-server-tools.js';
import { instructionsOf } from './instructions.js';
import { nativeOutputType } from './native-output.js';
import { finishOnSubmission, submitResultTool } from './submit-result.js';
import { compileTool } from './tools/index.js';

/** The SDK agent type compiles produce (text output, or JSON Schema output with `structuredOutput: 'native'`). */
export type CompiledAgent = Agent<unknown, AgentOutputType>;

/** Default of `limits.maxAgentSteps` (DESIGN §4.2). */
export const DEFAULT_MAX_TURNS = 20;

/**
 * An Agent Spec Agent as an Agents SDK `Agent` (DESIGN §4.4): instructions
 * rendered from the inputs, one `tool()` per tool, `submit_result` or a
 * native `outputType` for the outputs, the LLM config as a model, generation
 * parameters as model settings. The spec is assumed valid.
 */
export function compileAgent(spec: SpecAgent, options: CompileOptions = {}): CompileResult<CompiledAgent> {
  checkServerTools(spec, options.tools ?? {});
  const warnings: CompileWarning[] = [];
  let mcp = options.mcp;
  let ownMcp: McpConnections | undefined;
  const network = options.network ?? {};
  const context = {
    agent: spec,
    runner: toolRunner({ tools: options.tools ?? {}, network, http: options.limits?.http ?? {}, mcp: () => (mcp ??= ownMcp = new McpConnections({ network })) }),
  };
  const tools = spec.tools.map((t) => compileTool(t, context));
  const outputs = spec.outputs ?? [];
  const native = outputs.length > 0 && options.structuredOutput === 'native';
  if (outputs.length > 0 && !native) tools.push(submitResultTool(outputs));
  if (spec.human_in_the_loop === false) {
    warnings.push({
      kind: 'approximated', component: spec.id,
      message: 'human_in_the_loop: false: an SDK run ends on a text reply like any other; openaiAgentsRuntime() reports it as AS_INVALID_STATE',
    });
  }
  const agent = new Agent<unknown, AgentOutputType>({
    name: spec.name,
    instructions: instructionsOf(spec, options.inputs ?? {}),
    handoffDescription: spec.description ?? '',
    model: modelFor(spec.llm_config, options.llm, { agent: spec.id }),
    modelSettings: modelSettings(generationParams(spec.llm_config)),
    tools,
    ...(native ? { outputType: nativeOutputType(outputs) } : {}),
    ...(outputs.length > 0 && !native ? { toolUseBehavior: finishOnSubmission } : {}),
  });
  return {
    agent,
    warnings,
    runOptions: { maxTurns: options.limits?.maxAgentSteps ?? DEFAULT_MAX_TURNS },
    close: async () => {
      await ownMcp?.close();
    },
  };
}
