import type { Component } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import type { ImportOptions, ImportResult } from '../types.js';
import type { AnyAgent } from './any-agent.js';
import { isSdkAgent } from './handoff-target.js';
import { agentId, importAgent, type ImportRun } from './import-agent.js';
import { importManagerWorkers } from './import-manager-workers.js';
import { GUARDRAIL_TRIPPED_BRANCH, importGuardrailFlow } from './import-guardrail-flow.js';
import { hasHandoffs, importSwarm } from './import-swarm.js';
import { readInputGuardrail, type AgentGuardrail } from './read-input-guardrail.js';
import { importOutputType } from './import-output-type.js';
import { readHandoff } from './read-handoff.js';
import { agentToolSource, namesGoToChatCompletions } from './sdk-internals.js';
import { Warnings } from './warnings.js';

/** Whether an SDK agent has `agent.asTool()` tools. */
async function hasAgentTools(agent: AnyAgent, options: ImportOptions): Promise<boolean> {
  for (const t of agent.tools) if (t.type === 'function' && (await agentToolSource(t, options.modulePath))) return true;
  return false;
}

/**
 * An agent, behind its input guardrails when some are of the documented
 * shape (an agent's boolean field is the tripwire): then a Flow running each
 * guardrail's agent first and finishing on `guardrail_tripped` when one trips.
 */
async function importGuardedAgent(agent: AnyAgent, run: ImportRun): Promise<Component> {
  const flow: AgentGuardrail[] = [];
  const read = new Set<unknown>();
  const why = new Map<unknown, string>();
  for (const g of agent.inputGuardrails as readonly { name?: string; execute?: unknown }[]) {
    const r = await readInputGuardrail(g);
    const field = 'why' in r ? undefined : importOutputType(r.agent.outputType, r.name, new Warnings()).find((o) => o.title === r.field);
    if ('why' in r) why.set(g, r.why);
    else if (field?.type !== 'boolean') why.set(g, `'${r.field}' is not a boolean output of agent '${r.agent.name}'`);
    else {
      flow.push(r);
      read.add(g);
    }
  }
  if (flow.length === 0) {
    if (run.options.id) run.ids.set(agent, run.options.id);
    return (await importAgent(agent, run, { guardrails: { flow: read, why } })).spec;
  }
  const spec = (await importAgent(agent, run, { guardrails: { flow: read, why } })).spec;
  const guarded = await importGuardrailFlow(spec, flow, run.options.id ?? `${spec.id}_guarded`, run);
  for (const g of flow) {
    run.warnings.add('OAI_GUARDRAIL_FLOW', guarded.id,
      `input guardrail '${g.name}' runs agent '${g.agent.name}' before the agent (not alongside it), in the flow's conversation; '${g.field}' ${g.tripsOn} finishes the flow on branch '${GUARDRAIL_TRIPPED_BRANCH}' (the SDK throws InputGuardrailTripwireTriggered)`);
  }
  return guarded;
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
  const run: ImportRun = { options, warnings: new Warnings(), registry: {}, related: {}, ids: new Map(), chatCompletions: await namesGoToChatCompletions(options.modulePath) };
  let component: Component;
  if (hasHandoffs(agent)) {
    component = await importSwarm(agent, options.id, run);
  } else {
    if (await hasAgentTools(agent, options)) {
      component = await importManagerWorkers(agent, options.id, run);
    } else {
      component = await importGuardedAgent(agent, run);
    }
    for (const h of agent.handoffs as unknown[]) await readHandoff(h, agent, agentId(agent, run), run.warnings); // none readable: each reported
  }
  return { component, warnings: run.warnings.list, tools: run.registry, related: run.related };
}
