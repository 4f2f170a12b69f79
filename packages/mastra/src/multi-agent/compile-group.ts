import type { Component, ComponentBase, ManagerWorkers, Swarm } from '@agentspec/core';
import { swarmLinks, workerToolSpec } from '@agentspec/runtime';
import { compileAgent, type CompiledAgent } from '../compile/agent/compile-agent.js';
import type { CompileContext } from '../compile/compile-context.js';
import { askAgentTool, transferTool } from './group-tools.js';
import type { NativeGroup } from './native-group.js';

/** A Swarm or ManagerWorkers as Mastra Agents: the agent of each member that may own the conversation, by id. */
export interface CompiledGroup {
  readonly kind: NativeGroup['kind'];
  readonly component: Swarm | ManagerWorkers;
  /** The member owning the conversation first: the Swarm's first agent, the group manager. */
  readonly first: string;
  readonly owners: ReadonlyMap<string, CompiledAgent>;
}

/**
 * Compiles a group's members into Mastra Agents (DESIGN §4.2 semantics,
 * Mastra's "agents as tools"):
 * - ManagerWorkers: each worker a Mastra Agent; the manager a Mastra Agent
 *   whose tools are its own, then one `createTool` per worker running that
 *   worker's Agent on the message (`workerToolSpec`: named after it, one
 *   `message` parameter).
 * - Swarm: each agent twice — owning the conversation (its tools, then per
 *   recipient `send_message_to_<Name>` and `transfer_to_<Name>` as the
 *   handoff mode gives them: `swarmLinks`), and asked by another agent (no
 *   transfers: it owns no conversation to hand over). A send_message tool
 *   runs the recipient's asked Agent; a transfer tool ends the run after its
 *   step and the runtime runs the recipient's owning Agent next.
 * `maxHandoffs` bounds agents asked inside one another. `document` (the
 * group as given) is kept in the `metadata.agentspec` of the agent owning
 * the conversation first, so that `importMastra` of it gives the group back.
 */
export function compileGroup(native: NativeGroup, ctx: CompileContext, maxHandoffs: number, document?: Component): CompiledGroup {
  const owners = new Map<string, CompiledAgent>();
  if (native.kind === 'manager-workers') {
    const tools: Record<string, ReturnType<typeof askAgentTool>> = {};
    for (const w of native.workers) {
      const worker = compileAgent(w, ctx, { id: w.id, tools: {} });
      const spec = workerToolSpec(w);
      tools[spec.name] = askAgentTool(spec, () => worker);
    }
    owners.set(native.manager.id, compileAgent(native.manager, ctx, { id: native.manager.id, tools, ...(document ? { document } : {}) }));
    return { kind: native.kind, component: native.mw, first: native.manager.id, owners };
  }
  const { swarm } = native;
  const members = new Map<string, ComponentBase>(native.members.map((m) => [m.id, m]));
  const asked = new Map<string, CompiledAgent>();
  const tools = (agent: ComponentBase, owner: boolean) => Object.fromEntries(swarmLinks(swarm, agent, owner).map((l) => [
    l.spec.name,
    l.kind === 'transfer' ? transferTool(l.spec, l.to, members) : askAgentTool(l.spec, () => asked.get(l.to.id) as CompiledAgent, maxHandoffs),
  ]));
  for (const m of native.members) {
    owners.set(m.id, compileAgent(m, ctx, { id: m.id, tools: tools(m, true), ...(document && m.id === swarm.first_agent.id ? { document } : {}) }));
    asked.set(m.id, compileAgent(m, ctx, { id: `${m.id}.asked`, tools: tools(m, false) }));
  }
  return { kind: native.kind, component: swarm, first: swarm.first_agent.id, owners };
}
