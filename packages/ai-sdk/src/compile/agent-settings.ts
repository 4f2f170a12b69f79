import type { Agent, BuiltinTool } from '@agentspec/core';
import { admitted, parametersSchema, renderTemplate, resolveInputs } from '@agentspec/runtime';
import { jsonSchema, Output, type JSONSchema7, type Tool, type ToolLoopAgentSettings, type ToolSet } from 'ai';
import { generationSettings, lenientStructuredOutput, mergeProviderOptions, sendsParametersAsIs } from '../model/generation-settings.js';
import { AI_SDK_MAX_RETRIES, languageModel } from '../model/language-model.js';
import type { AiSdkCompileOptions, CompileWarning } from '../options.js';
import { speakFirst } from './speak-first.js';
import { stepLimit, submitResultAccepted } from './stop-conditions.js';
import { submitResultTool } from './tools/submit-result-tool.js';
import type { ToolExecutor } from './tools/tool-executor.js';
import { providerTool } from './tools/provider-tool.js';
import { TOOL_KINDS } from './tools/tool-kinds.js';

export type AgentSettings = ToolLoopAgentSettings<never, ToolSet, Record<string, unknown>, Output.Output<unknown, unknown, never>>;

/** What aiSdkRuntime adds to the settings of the agent it runs (the per-session rest comes with each call: its `prepareCall`). */
export interface RuntimeExtras {
  readonly callbacks?: Pick<AgentSettings, 'prepareCall' | 'onError'>;
}

export const DEFAULT_MAX_STEPS = 20;

/** The tools of an agent, in the spec's order, then `submit_result` when it finishes through it. */
function agentTools(agent: Agent, executor: ToolExecutor, submit: boolean): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const spec of agent.tools) {
    // BuiltinTool (25.4.2): OpenAI's provider tool of that type, run by the provider (admit() refused any other)
    if (spec.component_type === 'BuiltinTool') {
      tools[spec.name] = providerTool(spec as unknown as BuiltinTool);
      continue;
    }
    const t = admitted(spec);
    tools[t.name] = TOOL_KINDS[t.component_type](t, { agent, executor });
  }
  if (submit) tools.submit_result = submitResultTool(agent.outputs ?? []);
  return tools;
}

/** The ToolLoopAgent settings of an Agent (DESIGN §4.4): a pure function of the spec and the options. */
export function agentSettings(agent: Agent, options: AiSdkCompileOptions, executor: ToolExecutor, warnings: CompileWarning[], extras: RuntimeExtras = {}): AgentSettings {
  const llm = options.llm ?? {};
  const config = agent.llm_config;
  const outputs = agent.outputs ?? [];
  const native = options.structuredOutput === 'native' && outputs.length > 0;
  const submit = outputs.length > 0 && !native;
  const { providerOptions, ...generation } = generationSettings(config, sendsParametersAsIs(config, llm, options.model), warnings);
  const tools = agentTools(agent, executor, submit);
  const inputs = resolveInputs(agent.inputs, options.inputs ?? {}, { agent: agent.id });
  return {
    id: agent.id,
    model: languageModel(config, llm, options.model),
    instructions: renderTemplate(agent.system_prompt, inputs),
    tools,
    toolOrder: Object.keys(tools),
    stopWhen: [stepLimit(options.maxSteps ?? DEFAULT_MAX_STEPS), ...(submit ? [submitResultAccepted] : [])],
    ...generation,
    ...withDefined('providerOptions', mergeProviderOptions(providerOptions, native ? lenientStructuredOutput(config) : undefined)),
    // our models retry in their fetch (one policy, Retry-After capped); a model of the `model` option retries as the AI SDK does
    ...withDefined('maxRetries', options.model === undefined ? AI_SDK_MAX_RETRIES : llm.retries),
    ...(native ? { output: Output.object({ schema: jsonSchema<Record<string, unknown>>(parametersSchema(outputs) as JSONSchema7), name: 'result' }) } : {}),
    prepareCall: speakFirst,
    ...extras.callbacks,
  };
}

function withDefined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
