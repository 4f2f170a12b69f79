import { agent as buildAgent, type Agent, type LlmConfig, type Property } from '@agentspec/core';
import { RuntimeError, type ImportedComponent, type ToolRegistry } from '@agentspec/runtime';
import type { LanguageModel, ToolLoopAgent, ToolSet } from 'ai';
import { markOf, sourceOf } from '../compile/marks.js';
import type { AiSdkImportOptions, ImportWarning } from '../options.js';
import { AI_SDK_MAX_RETRIES } from '../model/language-model.js';
import { importCallOptions } from './import-call-options.js';
import { GENERATION_SETTINGS, importGeneration } from './import-generation.js';
import { importInstructions } from './import-instructions.js';
import { importModel } from './import-model.js';
import { importObjectSchema } from './import-object-schema.js';
import { importOutput } from './import-output.js';
import { importStopConditions } from './import-stop-conditions.js';
import { importTools } from './import-tools.js';
import { ImportWarnings } from './import-warnings.js';
import { isModel, programOf, type Program } from './program-kind.js';
import { readInlineCall } from './read-inline-call.js';

export interface AiSdkImportResult extends ImportedComponent {
  readonly component: Agent;
  readonly warnings: readonly ImportWarning[];
  /** The `execute` functions of the tools imported as ServerTools, to pass as `tools` when running the spec. */
  readonly tools: ToolRegistry;
}

/** Settings read into the spec; any other setting that is set is reported. */
const HANDLED = new Set([
  'id', 'model', 'instructions', 'system', 'tools', 'toolOrder', 'toolApproval', 'stopWhen', 'maxSteps', 'output', 'prepareCall', 'callOptionsSchema',
  'schema', 'schemaName', 'schemaDescription', 'prompt', 'messages', ...GENERATION_SETTINGS,
]);

type Settings = Readonly<Record<string, unknown>>;

/** The system prompt and inputs: compileAiSdk's own, call options written into the instructions, or the static instructions (`system` for calls). */
async function instructions(settings: Settings, source: ReturnType<typeof sourceOf>, warnings: ImportWarnings): Promise<{ system_prompt: string; inputs?: Property[] }> {
  if (source) return { system_prompt: source.system_prompt, inputs: [...source.inputs] };
  if (settings.prepareCall !== undefined && !markOf(settings.prepareCall)) {
    const call = await importCallOptions(settings, warnings);
    if (call) return { system_prompt: call.systemPrompt, ...(call.inputs.length > 0 ? { inputs: [...call.inputs] } : {}) };
  }
  return { system_prompt: importInstructions(settings.instructions ?? settings.system, warnings) };
}

/** The model's LLM config, with what compileAiSdk kept of the spec's: the retry policy, a generic LlmConfig (its kind and fields, the settings the agent has). */
function llmConfig(llm: LlmConfig, source: ReturnType<typeof sourceOf>): LlmConfig {
  const params = llm.default_generation_parameters ? { default_generation_parameters: llm.default_generation_parameters } : {};
  const { default_generation_parameters: _kept, ...generic } = (source?.llm_config ?? {}) as Partial<LlmConfig>;
  const config = source?.llm_config ? ({ ...generic, id: llm.id, ...params } as LlmConfig) : llm;
  return source?.retry_policy ? ({ ...config, retry_policy: source.retry_policy } as unknown as LlmConfig) : config;
}

/** The step limit of a call: `stopWhen`, `maxSteps` (older programs), or the AI SDK's default for generateText (one step). */
function stepLimit(program: Program, warnings: ImportWarnings): void {
  const s = program.settings;
  if (typeof s.maxSteps === 'number') {
    warnings.add('AISDK_STEP_LIMIT', 'maxSteps', `maxSteps ${s.maxSteps}: a step limit is not part of a spec; run it with limits.maxAgentSteps: ${s.maxSteps}`);
    return;
  }
  if (program.kind === 'call' && !program.object && s.stopWhen === undefined && s.tools !== undefined) {
    warnings.add('AISDK_STEP_LIMIT', 'stopWhen', 'no stopWhen: the call stops after one step (stepCountIs(1)), when the LLM has asked for tools; an Agent Spec agent answers after them');
  }
  importStopConditions(s.stopWhen, warnings);
}

/**
 * Import an AI SDK program as an Agent (DESIGN §5): a `ToolLoopAgent`, the
 * settings of a `generateText` / `streamText` / `generateObject` call (an
 * object with a `model`, the one the program spreads into the call), or a
 * function making such a call inline (a route handler, a helper: its call's
 * settings read without running it, see `readInlineCall`):
 * instructions (or `system`; call options as inputs of the system prompt),
 * model id and provider base URL, generation settings, tools with their input
 * JSON Schemas and approval flags, `Output.object` or generateObject's
 * `schema` as outputs. Whatever cannot be represented (custom stop conditions,
 * callbacks, …) is a coded warning (`AI_SDK_IMPORT_WARNINGS`) naming it. Ids
 * are derived from the agent's id (or the `id` option), so two imports of the
 * same program are the same document.
 */
export async function importAiSdk(agent: ToolLoopAgent<never, ToolSet> | object, options: AiSdkImportOptions = {}): Promise<AiSdkImportResult> {
  const warnings = new ImportWarnings();
  const inline = typeof agent === 'function' ? await readInlineCall(agent as (...args: never[]) => unknown, warnings) : undefined;
  const program: Program | undefined = inline ? { kind: 'call', settings: inline.settings, object: inline.object } : programOf(agent);
  if (!program || !isModel(program.settings.model)) {
    const what = inline ? `the ${inline.call} call in '${(agent as { name?: string }).name ?? 'the function'}' has no model that can be read without running it` : 'importAiSdk takes a ToolLoopAgent of the AI SDK (agent-v1), the settings of a generateText / streamText / generateObject call (an object with a model), or a function making such a call inline';
    throw new RuntimeError('AS_UNSUPPORTED', what);
  }
  const settings = program.settings;
  const fnName = typeof agent === 'function' ? (agent as { name?: string }).name || undefined : undefined;
  const id = options.id ?? (typeof settings.id === 'string' ? settings.id : options.exportName ?? fnName ?? 'agent');
  const model = settings.model as LanguageModel;
  const provider = typeof model === 'string' ? undefined : (model as { provider: string }).provider.split('.')[0];
  const llm = importModel(model, importGeneration(settings, provider, warnings), id, warnings);
  const source = sourceOf(agent);
  const { system_prompt, inputs } = await instructions(settings, source, warnings);
  const { tools, outputs: submitOutputs, registry } = await importTools(id, settings.tools as ToolSet | undefined, settings.toolOrder as string[] | undefined, settings.toolApproval, warnings);
  if (typeof settings.toolApproval === 'function') warnings.add('AISDK_APPROVAL_FUNCTION', 'toolApproval', 'approvals decided by a function: every tool call asks (requires_confirmation is not set per call)');
  const outputs: Property[] | undefined = submitOutputs ?? (program.kind === 'call' && program.object ? await importObjectSchema(settings, warnings) : await importOutput(settings.output, warnings));
  stepLimit(program, warnings);
  for (const key of ['prompt', 'messages']) {
    if (settings[key] !== undefined) warnings.add('AISDK_PROMPT', key, `the call's ${key} is what the user says when the spec runs, not part of the agent: left out`);
    const written = inline?.prompts.get(key);
    if (written !== undefined) warnings.add('AISDK_PROMPT', key, `the call's ${key} (${written.length > 60 ? `${written.slice(0, 57)}…` : written}) is made when the function runs: what the user says when the spec runs, not part of the agent; left out`);
  }
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined || HANDLED.has(key) || markOf(value)?.kind === 'runtime') continue;
    // an agent compileAiSdk built turns the AI SDK's retries off (its models' fetch retries): not a setting of the spec
    if (key === 'maxRetries' && source && value === AI_SDK_MAX_RETRIES) continue;
    warnings.add('AISDK_SETTING', key, `the setting '${key}' has no Agent Spec equivalent: not imported`);
  }
  const component = buildAgent({
    id,
    name: options.name ?? id,
    ...(options.description ? { description: options.description } : {}),
    system_prompt,
    llm_config: llmConfig(llm, source),
    tools,
    ...(inputs ? { inputs } : {}),
    ...(outputs && outputs.length > 0 ? { outputs } : {}),
  });
  return { component, warnings: warnings.list, tools: registry };
}
