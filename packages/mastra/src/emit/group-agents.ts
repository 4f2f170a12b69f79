import { deserialize, type Component, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { checkMultiAgent, DEFAULT_MAX_HANDOFFS, RuntimeError, specializeAgents } from '@agentspec/runtime';
import type { Agent as MastraAgent } from '@mastra/core/agent';
import { CompileContext } from '../compile/compile-context.js';
import { compiledBase } from '../compile/compile-mastra.js';
import { GroupMembers, type GroupTool } from '../multi-agent/group-members.js';
import { nativeGroup } from '../multi-agent/native-group.js';
import type { CompileMastraOptions } from '../options.js';
import type { MastraWarning } from '../warnings.js';

/**
 * The Agent Spec semantics of a Swarm's or ManagerWorkers' members, for
 * Mastra Agents assembled by hand or by `emitMastra` (DESIGN §4.2): each
 * method makes one member's Mastra Agent, or one tool standing for another
 * member, that behaves exactly as those `compileMastra` makes. A module puts
 * them together — which agent gets which tools — and returns the group as
 * `compileMastra` does, for `mastraRuntime` (its `build` option) to drive.
 */
export interface GroupAgents {
  /** The Swarm or ManagerWorkers (SpecializedAgents merged). */
  readonly group: Swarm | ManagerWorkers;
  /** The Mastra Agent of member `id` owning the conversation: its own tools, then `tools`. */
  owner(id: string, tools?: Readonly<Record<string, GroupTool>>): MastraAgent;
  /** The Mastra Agent of Swarm member `id` asked by another agent (a conversation of its own): its own tools, then `tools`. */
  asked(id: string, tools?: Readonly<Record<string, GroupTool>>): MastraAgent;
  /** A Swarm's `send_message_to_<Name>`: asks member `to` (its `asked` Agent) and gives its answer; `limits.maxHandoffs` bounds asks inside asks. */
  sendMessage(to: string): GroupTool;
  /** A Swarm's `transfer_to_<Name>`: member `to` owns the conversation from the end of the step. */
  transfer(to: string): GroupTool;
  /** A ManagerWorkers' tool named after worker `id`: runs the worker's own Mastra Agent on the message. */
  worker(id: string): GroupTool;
  /** Every Mastra Agent made so far, by Mastra id: register them with your `Mastra`. */
  readonly agents: Readonly<Record<string, MastraAgent>>;
  readonly warnings: readonly MastraWarning[];
  /** Ends what the agents hold open (MCP connections). */
  close(): Promise<void>;
}

/**
 * The members of a Swarm or ManagerWorkers (a component, or its Agent Spec
 * JSON/YAML text), bound to tool implementations, LLM endpoints, limits,
 * network policy and message transforms as `compileMastra` binds them. A
 * group whose members stop the run for the caller (ClientTools,
 * confirmations) is AS_UNSUPPORTED, as in `compileMastra`.
 */
export function groupAgents(group: Component | string, options: CompileMastraOptions = {}): GroupAgents {
  const given = typeof group === 'string' ? deserialize(group) as Component : group;
  if (given.component_type !== 'Swarm' && given.component_type !== 'ManagerWorkers') {
    throw new RuntimeError('AS_UNSUPPORTED', `groupAgents takes a Swarm or ManagerWorkers, not a ${given.component_type}`);
  }
  const root = specializeAgents(given);
  checkMultiAgent(root);
  const native = nativeGroup(root);
  if (!native?.group) throw new RuntimeError('AS_UNSUPPORTED', `${given.component_type} '${String(given.name ?? given.id)}' is not made of Mastra Agents: ${native?.reason ?? 'not a group'}`);
  const ctx = new CompileContext(options);
  const members = new GroupMembers(native.group, ctx, options.limits?.maxHandoffs ?? DEFAULT_MAX_HANDOFFS, given);
  const base = compiledBase(ctx);
  return {
    group: native.group.kind === 'swarm' ? native.group.swarm : native.group.mw,
    owner: (id, tools = {}) => members.owner(id, tools).agent,
    asked: (id, tools = {}) => members.asked(id, tools).agent,
    sendMessage: (to) => members.sendMessage(to),
    transfer: (to) => members.transfer(to),
    worker: (id) => members.worker(id),
    get agents() {
      return compiledBase(ctx).agents;
    },
    warnings: base.warnings,
    close: () => base.close(),
  };
}

export type { GroupTool } from '../multi-agent/group-members.js';
