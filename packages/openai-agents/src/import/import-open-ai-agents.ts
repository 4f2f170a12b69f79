import type { Component } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import type { ImportOptions, ImportResult } from '../types.js';
import type { AnyAgent } from './any-agent.js';
import { isSdkAgent } from './handoff-target.js';
import { agentId, importAgent, type ImportRun } from './import-agent.js';
import { importManagerWorkers } from './import-manager-workers.js';
import { hasHandoffs, importSwarm } from './import-swarm.js';
import { readHandoff } from './read-handoff.js';
import { agentToolSource } from './sdk-internals.js';
import { Warnings } from './warnings.js';

/** Whether an SDK agent has `agent.asTool()` tools. */
async function hasAgentTools(agent: AnyAgent, options: ImportOptions): Promise<boolean> {
  for (const t of agent.tools) if (t.type === 'function' && (await agentToolSource(t, options.modulePath))) return true;
  return false;
}

/**
 * Import an OpenAI Agents SDK agent as Agent Spec (DESIGN §5): name,
 * instructions, model and base URL, model settings, function tools with
 * their JSON Schemas and approval flags, the output type as outputs. An agent
 * with handoffs is a Swarm (`handoff: always`: OpenAI's handoff — the
 * recipient takes the conversation over) of every agent reached through
 * handoffs; else one with `agent.asTool()` tools a ManagerWorkers (the agent
 * manages, the tools' agents work); else an Agent. What those cannot say (an
 * agent tool inside a Swarm, handoff overrides, input filters, `isEnabled`
 * functions, guardrails, hosted tools, function-valued approvals, …) is a
 * coded warning (`OPENAI_AGENTS_IMPORT_WARNINGS`). Nothing is dropped
 * silently. SDK objects are read by their shape, so an agent made with
 * another copy of the SDK imports the same.
 */
export async function importOpenAiAgents(agent: AnyAgent, options: ImportOptions = {}): Promise<ImportResult> {
  if (!isSdkAgent(agent)) throw new RuntimeError('AS_UNSUPPORTED', 'importOpenAiAgents takes an Agent of the OpenAI Agents SDK (new Agent({ name, instructions, … }))');
  const run: ImportRun = { options, warnings: new Warnings(), registry: {}, related: {}, ids: new Map() };
  let component: Component;
  if (hasHandoffs(agent)) {
    component = await importSwarm(agent, options.id, run);
  } else {
    if (await hasAgentTools(agent, options)) {
      component = await importManagerWorkers(agent, options.id, run);
    } else {
      if (options.id) run.ids.set(agent, options.id);
      component = (await importAgent(agent, run)).spec;
    }
    for (const h of agent.handoffs as unknown[]) await readHandoff(h, agent, agentId(agent, run), run.warnings); // none readable: each reported
  }
  return { component, warnings: run.warnings.list, tools: run.registry, related: run.related };
}
