import { toDocument, type Agent, type Component, type Tool } from '@agentspec/core';
import { admitted, coerce, parametersSchema, renderTemplate } from '@agentspec/runtime';
import { Agent as MastraAgent } from '@mastra/core/agent';
import type { CompileContext } from '../compile-context.js';
import { AGENTSPEC_METADATA_KEY } from '../../constants.js';
import { modelSettings } from '../../model/llm-model.js';
import { summarizerBackend, transformingModel } from '../../model/transforming-model.js';
import { mastraTool, resultSubmitted, submitResultTool } from './agent-tools.js';
import { inputsOf } from './run-state.js';

/** The tools a Swarm or ManagerWorkers gives one of its agents (Mastra tools standing for other agents), and the Mastra id of that variant. */
export interface GroupTools {
  readonly id: string;
  /** The document its `metadata.agentspec` holds instead of the agent's (the group's, on the agent that starts it). */
  readonly document?: Component;
  readonly tools: Readonly<Record<string, ReturnType<typeof mastraTool>>>;
}

/** A compiled agent: the Mastra Agent and what the runtime needs to drive it. */
export interface CompiledAgent {
  readonly spec: Agent;
  readonly agent: MastraAgent;
  readonly tools: ReadonlyMap<string, Tool>;
  /** Tools a multi-agent component adds (worker tools, send_message and transfer tools), by name. */
  readonly agentTools: ReadonlySet<string>;
  /** Outputs are submitted through Mastra's structuredOutput instead of submit_result. */
  readonly native: boolean;
  /** JSON Schema of the outputs (for native structured output). */
  readonly outputSchema: Record<string, unknown>;
  readonly maxSteps: number;
}

const compiled = new WeakMap<MastraAgent, CompiledAgent>();

/** The compiled agent behind a Mastra Agent made by `compileMastra`, if it is one. */
export function compiledAgentOf(agent: MastraAgent): CompiledAgent | undefined {
  return compiled.get(agent);
}

/**
 * Agent → Mastra `Agent` (DESIGN §4.4): instructions rendered from the agent's
 * inputs (read from the RequestContext, defaults applied), one `createTool`
 * per tool plus `submit_result` for outputs (the agent stops after a valid
 * call: `stopWhen`), the model of its LLM config, its generation parameters
 * as `modelSettings`, `limits.maxAgentSteps` as `maxSteps`. The Agent Spec
 * component is kept in `metadata.agentspec`.
 */
export function compileAgent(spec: Agent, ctx: CompileContext, group?: GroupTools): CompiledAgent {
  const cached = group ? undefined : ctx.agents.get(spec);
  if (cached) return compiled.get(cached) as CompiledAgent;
  const outputs = spec.outputs ?? [];
  const native = outputs.length > 0 && ctx.structuredOutput === 'native';
  const tools: Record<string, ReturnType<typeof mastraTool>> = {};
  for (const t of spec.tools) {
    if (Object.hasOwn(tools, t.name)) ctx.warnings.add('unsupported', t.id, `agent '${spec.id}' has two tools named '${t.name}': only the first is offered`);
    else tools[t.name] = mastraTool(admitted(t), spec, ctx);
  }
  // the tools of a Swarm or ManagerWorkers standing for its agents, after the agent's own (as the reference offers them)
  for (const [name, t] of Object.entries(group?.tools ?? {})) tools[name] = t;
  const submits = outputs.length > 0 && !native;
  if (submits) tools.submit_result = submitResultTool(outputs);
  const settings = modelSettings(spec.llm_config);
  const agent = new MastraAgent({
    id: ctx.uniqueId(group?.id ?? spec.id),
    name: spec.name,
    ...(spec.description ? { description: spec.description } : {}),
    instructions: ({ requestContext }: { requestContext: unknown }) => renderTemplate(spec.system_prompt, instructionValues(spec, inputsOf(requestContext as never))),
    model: ctx.options.transforms?.has(spec)
      ? transformingModel(ctx.model(spec.llm_config), spec, ctx.options.transforms, summarizerBackend((config) => ctx.model(config)))
      : ctx.model(spec.llm_config),
    tools,
    maxRetries: ctx.maxRetries,
    defaultOptions: {
      maxSteps: ctx.limits.maxAgentSteps,
      // run alone (agent.generate), the agent stops after a valid submit_result; mastraRuntime passes its own stopWhen
      ...(submits ? { stopWhen: resultSubmitted } : {}),
      ...(Object.keys(settings).length > 0 ? { modelSettings: settings } : {}),
    },
    metadata: { [AGENTSPEC_METADATA_KEY]: toDocument(group?.document ?? spec) as Record<string, unknown> },
  });
  const result: CompiledAgent = {
    spec, agent, tools: new Map(spec.tools.map((t) => [t.name, t])), agentTools: new Set(Object.keys(group?.tools ?? {})), native, outputSchema: parametersSchema(outputs), maxSteps: ctx.limits.maxAgentSteps,
  };
  if (group) ctx.groupAgents.push(agent);
  else ctx.agents.set(spec, agent);
  compiled.set(agent, result);
  return result;
}

/**
 * The values the instructions are rendered with: the inputs given (coerced),
 * else their defaults; an input with neither keeps its `{{placeholder}}`
 * (the runtime reports it as AS_MISSING_INPUT before any call).
 */
function instructionValues(spec: Agent, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const p of spec.inputs ?? []) {
    if (Object.hasOwn(given, p.title) && given[p.title] !== undefined) values[p.title] = coerce(given[p.title], p);
    else values[p.title] = 'default' in p ? p.default : `{{${p.title}}}`;
  }
  return values;
}
