import { agent as agentBuilder, type Agent as SpecAgent, type Component } from '@agentspec/core';
import { RunContext } from '@openai/agents';
import type { ToolRegistry } from '@agentspec/runtime';
import type { ImportOptions } from '../types.js';
import type { AnyAgent } from './any-agent.js';
import { importGuardrails, type ReadGuardrails } from './import-guardrails.js';
import { importModel } from './import-model.js';
import { importModelSettings } from './import-model-settings.js';
import { importOutputType } from './import-output-type.js';
import { importTools, type AgentTool } from './import-tools.js';
import { idOf, type Warnings } from './warnings.js';

/** The state of one import: warnings, tool implementations, agents imported (each once, by SDK object). */
export interface ImportRun {
  readonly options: ImportOptions;
  readonly warnings: Warnings;
  readonly registry: Record<string, ToolRegistry[string]>;
  /** Agents reached but not part of the imported component (agents behind ServerTools), by id. */
  readonly related: Record<string, Component>;
  readonly ids: Map<AnyAgent, string>;
  /** Model names go to Chat Completions (the program called `setOpenAIAPI('chat_completions')`), not the Responses API. */
  readonly chatCompletions?: boolean;
}

/** The id of an SDK agent in this import: made from its name, unique, the same each time it is asked. */
export function agentId(agent: AnyAgent, run: ImportRun): string {
  const known = run.ids.get(agent);
  if (known) return known;
  let id = idOf(agent.name);
  while ([...run.ids.values()].includes(id)) id = `${id}_`;
  run.ids.set(agent, id);
  return id;
}

async function instructionsOf(agent: AnyAgent, id: string, warnings: Warnings): Promise<string> {
  if (typeof agent.instructions === 'string') return agent.instructions;
  const text = await agent.getSystemPrompt(new RunContext({}));
  warnings.add('OAI_DYNAMIC_INSTRUCTIONS', id, 'the instructions are a function: imported as what it returns for an empty context');
  return text ?? '';
}

function reportUnsupported(agent: AnyAgent, id: string, warnings: Warnings, guardrails?: ReadGuardrails): void {
  if (agent.mcpServers.length > 0) warnings.add('OAI_MCP_SERVER', id, `MCP servers (${agent.mcpServers.map((s) => s.name).join(', ')}): Agent Spec MCPTools name each tool and its transport`);
  importGuardrails(agent, id, warnings, guardrails);
  if (agent.prompt) warnings.add('OAI_PROMPT', id, 'a Responses API prompt template has no Agent Spec equivalent');
  if (agent.toolUseBehavior !== 'run_llm_again' && typeof agent.toolUseBehavior !== 'function' && typeof agent.toolUseBehavior !== 'object') {
    warnings.add('OAI_TOOL_USE_BEHAVIOR', id, `toolUseBehavior '${String(agent.toolUseBehavior)}' has no Agent Spec equivalent`);
  }
}

export interface ImportAgentOptions {
  /** `workers`: `agent.asTool()` tools are left out and returned (the caller makes them the workers of a ManagerWorkers); `tools` (default): ServerTools running the SDK agent, the agent in `related`. */
  readonly agentTools?: 'tools' | 'workers';
  /** Why agent tools stay ServerTools here, for the warning (`tools`). */
  readonly agentToolsWhy?: string;
  /** A description to use when the agent has no `handoffDescription` (an `asTool()`'s tool description). */
  readonly description?: string;
  /** The agent's input guardrails already read into a guarded Flow (not warned of), and why the others were not. */
  readonly guardrails?: ReadGuardrails;
}

/** An imported SDK agent and the agents its `asTool()` tools run (when `agentTools: 'workers'`). */
export interface ImportedAgent {
  readonly spec: SpecAgent;
  readonly agentTools: readonly AgentTool[];
}

/**
 * One SDK agent as an Agent Spec Agent: name, instructions, model and
 * settings, tools, output type. Handoffs are not read here (the caller makes
 * a Swarm of them, or reports them).
 */
export async function importAgent(agent: AnyAgent, run: ImportRun, opts: ImportAgentOptions = {}): Promise<ImportedAgent> {
  const id = agentId(agent, run);
  const { options, warnings } = run;
  const params = importModelSettings(agent.modelSettings, agent.model, id, warnings);
  const llm = importModel(agent.model, `${id}_llm`, params, options, warnings, run.chatCompletions === true);
  const asWorkers = opts.agentTools === 'workers';
  const tools = await importTools(agent, id, options, warnings, { agentToolsAsWorkers: asWorkers });
  Object.assign(run.registry, tools.registry);
  const outputs = tools.outputs ?? importOutputType(agent.outputType, id, warnings);
  reportUnsupported(agent, id, warnings, opts.guardrails);
  if (!asWorkers) {
    for (const { toolName, agent: target } of tools.agentTools) {
      const known = run.ids.has(target);
      const targetId = agentId(target, run);
      if (!known) run.related[targetId] = (await importAgent(target, run)).spec;
      warnings.add('OAI_AGENT_TOOL', id, `tool '${toolName}' runs agent '${target.name}' (imported as '${targetId}' in related): a ServerTool whose implementation runs that agent with the SDK${opts.agentToolsWhy ? ` (${opts.agentToolsWhy})` : ''}`);
    }
  }
  const description = agent.handoffDescription || opts.description;
  const spec = agentBuilder({
    id,
    name: agent.name,
    ...(description ? { description } : {}),
    system_prompt: await instructionsOf(agent, id, warnings),
    llm_config: llm,
    tools: tools.tools,
    ...(outputs.length > 0 ? { outputs } : {}),
  });
  return { spec, agentTools: asWorkers ? tools.agentTools : [] };
}
