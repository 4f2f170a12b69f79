import { agent as agentBuilder, type Agent as SpecAgent, type Component } from '@agentspec/core';
import { RunContext } from '@openai/agents';
import { RuntimeError, type ToolRegistry } from '@agentspec/runtime';
import type { ImportOptions, ImportResult } from '../types.js';
import type { AnyAgent } from './any-agent.js';
import { handoffTarget, isSdkAgent } from './handoff-target.js';
import { importGuardrails } from './import-guardrails.js';
import { importModel } from './import-model.js';
import { importModelSettings } from './import-model-settings.js';
import { importOutputType } from './import-output-type.js';
import { importTools } from './import-tools.js';
import { idOf, Warnings } from './warnings.js';

interface ImportRun {
  readonly options: ImportOptions;
  readonly warnings: Warnings;
  readonly registry: Record<string, ToolRegistry[string]>;
  readonly related: Record<string, Component>;
  readonly ids: Map<AnyAgent, string>;
}

async function instructionsOf(agent: AnyAgent, id: string, warnings: Warnings): Promise<string> {
  if (typeof agent.instructions === 'string') return agent.instructions;
  const text = await agent.getSystemPrompt(new RunContext({}));
  warnings.add('OAI_DYNAMIC_INSTRUCTIONS', id, 'the instructions are a function: imported as what it returns for an empty context');
  return text ?? '';
}

function reportUnsupported(agent: AnyAgent, id: string, warnings: Warnings): void {
  if (agent.mcpServers.length > 0) warnings.add('OAI_MCP_SERVER', id, `MCP servers (${agent.mcpServers.map((s) => s.name).join(', ')}): Agent Spec MCPTools name each tool and its transport`);
  importGuardrails(agent, id, warnings);
  if (agent.prompt) warnings.add('OAI_PROMPT', id, 'a Responses API prompt template has no Agent Spec equivalent');
  if (agent.toolUseBehavior !== 'run_llm_again' && typeof agent.toolUseBehavior !== 'function' && typeof agent.toolUseBehavior !== 'object') {
    warnings.add('OAI_TOOL_USE_BEHAVIOR', id, `toolUseBehavior '${String(agent.toolUseBehavior)}' has no Agent Spec equivalent`);
  }
}

/** Another agent reached from this one: imported too (once), its id returned. */
async function importRelated(target: AnyAgent, run: ImportRun): Promise<string> {
  const known = run.ids.get(target);
  if (known) return known;
  let id = idOf(target.name);
  while ([...run.ids.values()].includes(id)) id = `${id}_`;
  run.related[id] = await importAgent(target, id, run);
  return id;
}

/** Handoffs: each target imported into `related`, each handoff a coded warning (a Swarm, which no runtime runs yet). */
async function importHandoffs(agent: AnyAgent, id: string, run: ImportRun): Promise<void> {
  for (const h of agent.handoffs as unknown[]) {
    const target = handoffTarget(h);
    const tool = (h as { toolName?: unknown }).toolName;
    if (!target) {
      run.warnings.add('OAI_HANDOFF', id, `a handoff${typeof tool === 'string' ? ` '${tool}'` : ''} whose agent cannot be read: left out`);
      continue;
    }
    const targetId = await importRelated(target, run);
    run.warnings.add('OAI_HANDOFF', id, `hands off to agent '${target.name}' (imported as '${targetId}' in related): a Swarm in Agent Spec, which no runtime runs yet; the spec is '${agent.name}' alone`);
  }
}

async function importAgent(agent: AnyAgent, id: string, run: ImportRun): Promise<SpecAgent> {
  run.ids.set(agent, id);
  const { options, warnings } = run;
  const params = importModelSettings(agent.modelSettings, agent.model, id, warnings);
  const llm = importModel(agent.model, `${id}_llm`, params, options, warnings);
  const tools = await importTools(agent, id, options, warnings);
  Object.assign(run.registry, tools.registry);
  const outputs = tools.outputs ?? importOutputType(agent.outputType, id, warnings);
  reportUnsupported(agent, id, warnings);
  await importHandoffs(agent, id, run);
  for (const { toolName, agent: target } of tools.agentTools) {
    const targetId = await importRelated(target, run);
    warnings.add('OAI_AGENT_TOOL', id, `tool '${toolName}' runs agent '${target.name}' (imported as '${targetId}' in related): a ServerTool whose implementation runs that agent with the SDK (ManagerWorkers in Agent Spec, which no runtime runs yet)`);
  }
  return agentBuilder({
    id,
    name: agent.name,
    ...(agent.handoffDescription ? { description: agent.handoffDescription } : {}),
    system_prompt: await instructionsOf(agent, id, warnings),
    llm_config: llm,
    tools: tools.tools,
    ...(outputs.length > 0 ? { outputs } : {}),
  });
}

/**
 * Import an OpenAI Agents SDK agent as an Agent Spec Agent (DESIGN §5): name,
 * instructions, model and base URL, model settings, function tools with their
 * JSON Schemas and approval flags, the output type as outputs. Agents reached
 * through handoffs and agents-as-tools are imported too (`related`); each
 * relation, guardrail, hosted tool and function-valued approval is a coded
 * warning (`OPENAI_AGENTS_IMPORT_WARNINGS`). Nothing is dropped silently. SDK objects are
 * read by their shape, so an agent made with another copy of the SDK imports
 * the same.
 */
export async function importOpenAiAgents(agent: AnyAgent, options: ImportOptions = {}): Promise<ImportResult> {
  if (!isSdkAgent(agent)) throw new RuntimeError('AS_UNSUPPORTED', 'importOpenAiAgents takes an Agent of the OpenAI Agents SDK (new Agent({ name, instructions, … }))');
  const run: ImportRun = { options, warnings: new Warnings(), registry: {}, related: {}, ids: new Map() };
  const component = await importAgent(agent, options.id ?? idOf(agent.name), run);
  return { component, warnings: run.warnings.list, tools: run.registry, related: run.related };
}
