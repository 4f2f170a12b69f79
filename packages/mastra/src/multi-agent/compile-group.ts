import type { Component, ComponentBase, ManagerWorkers, Swarm } from '@agentspec/core';
import { swarmLinks, workerToolSpec } from '@agentspec/runtime';
import type { CompiledAgent } from '../compile/agent/compile-agent.js';
import type { CompileContext } from '../compile/compile-context.js';
import { GroupMembers } from './group-members.js';
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
  const members = new GroupMembers(native, ctx, maxHandoffs, document);
  if (native.kind === 'manager-workers') {
    const tools = Object.fromEntries(native.workers.map((w) => [workerToolSpec(w).name, members.worker(w.id)]));
    members.owner(native.manager.id, tools);
    return { kind: native.kind, component: native.mw, first: members.first, owners: members.owners };
  }
  const { swarm } = native;
  const tools = (agent: ComponentBase, owner: boolean) => Object.fromEntries(swarmLinks(swarm, agent, owner).map((l) => [
    l.spec.name, l.kind === 'transfer' ? members.transfer(l.to.id) : members.sendMessage(l.to.id),
  ]));
  for (const m of native.members) {
    members.owner(m.id, tools(m, true));
    members.asked(m.id, tools(m, false));
  }
  return { kind: native.kind, component: swarm, first: members.first, owners: members.owners };
}
