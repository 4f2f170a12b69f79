import { agent as buildAgent, type Agent, type Property } from '@agentspec/core';
import { RuntimeError, type ImportedComponent, type ToolRegistry } from '@agentspec/runtime';
import type { LanguageModel, ToolLoopAgent, ToolSet } from 'ai';
import { markOf, sourceOf } from '../compile/marks.js';
import type { AiSdkImportOptions, ImportWarning } from '../options.js';
import { AI_SDK_MAX_RETRIES } from '../model/language-model.js';
import { GENERATION_SETTINGS, importGeneration } from './import-generation.js';
import { importInstructions } from './import-instructions.js';
import { importModel } from './import-model.js';
import { importOutput } from './import-output.js';
import { importStopConditions } from './import-stop-conditions.js';
import { importTools } from './import-tools.js';

export interface AiSdkImportResult extends ImportedComponent {
  readonly component: Agent;
  readonly warnings: readonly ImportWarning[];
  /** The `execute` functions of the tools imported as ServerTools, to pass as `tools` when running the spec. */
  readonly tools: ToolRegistry;
}

/** Settings read into the spec; any other setting that is set is reported. */
const HANDLED = new Set(['id', 'model', 'instructions', 'tools', 'toolOrder', 'toolApproval', 'stopWhen', 'output', 'prepareCall', ...GENERATION_SETTINGS]);

type Settings = Readonly<Record<string, unknown>>;

/**
 * Import a `ToolLoopAgent` as an Agent (DESIGN §5): instructions, model id
 * and provider base URL, generation settings, tools with their input JSON
 * Schemas and approval flags. Whatever cannot be represented (dynamic
 * instructions, custom stop conditions, callbacks, …) is a warning naming it.
 */
export async function importAiSdk(agent: ToolLoopAgent<never, ToolSet> | object, options: AiSdkImportOptions = {}): Promise<AiSdkImportResult> {
  const settings = (agent as { settings?: Settings }).settings;
  if ((agent as { version?: unknown }).version !== 'agent-v1' || typeof settings !== 'object' || settings === null) {
    throw new RuntimeError('AS_UNSUPPORTED', 'importAiSdk takes a ToolLoopAgent of the AI SDK (agent-v1)');
  }
  const warnings: ImportWarning[] = [];
  const id = options.id ?? (typeof settings.id === 'string' ? settings.id : 'agent');
  const model = settings.model as LanguageModel;
  const provider = typeof model === 'string' ? undefined : (model as { provider: string }).provider.split('.')[0];
  const llm = importModel(model, importGeneration(settings, provider, warnings), id, warnings);
  const source = sourceOf(agent);
  const { tools, outputs: submitOutputs, registry } = await importTools(id, settings.tools as ToolSet | undefined, settings.toolOrder as string[] | undefined, settings.toolApproval, warnings);
  if (typeof settings.toolApproval === 'function') warnings.push({ kind: 'unsupported', component: 'toolApproval', message: 'approvals decided by a function are not represented' });
  const outputs: Property[] | undefined = submitOutputs ?? (await importOutput(settings.output, warnings));
  importStopConditions(settings.stopWhen, warnings);
  if (settings.prepareCall !== undefined && !markOf(settings.prepareCall)) {
    warnings.push({ kind: 'unsupported', component: 'prepareCall', message: 'settings prepared per call (dynamic instructions, call options) are not represented: the static settings are imported' });
  }
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined || HANDLED.has(key) || markOf(value)?.kind === 'runtime') continue;
    // an agent compileAiSdk built turns the AI SDK's retries off (its models' fetch retries): not a setting of the spec
    if (key === 'maxRetries' && source && value === AI_SDK_MAX_RETRIES) continue;
    warnings.push({ kind: 'unsupported', component: key, message: `the setting '${key}' has no Agent Spec equivalent: not imported` });
  }
  const component = buildAgent({
    id,
    name: options.name ?? id,
    ...(options.description ? { description: options.description } : {}),
    system_prompt: source?.system_prompt ?? importInstructions(settings.instructions, warnings),
    llm_config: source?.retry_policy ? ({ ...llm, retry_policy: source.retry_policy } as unknown as typeof llm) : llm,
    tools,
    ...(source ? { inputs: [...source.inputs] } : {}),
    ...(outputs && outputs.length > 0 ? { outputs } : {}),
  });
  return { component, warnings, tools: registry };
}
