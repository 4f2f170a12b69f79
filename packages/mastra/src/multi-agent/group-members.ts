import type { Agent, Component } from '@agentspec/core';
import { sendMessageSpec, transferSpec, RuntimeError, workerToolSpec } from '@agentspec/runtime';
import { compileAgent, type CompiledAgent } from '../compile/agent/compile-agent.js';
import type { CompileContext } from '../compile/compile-context.js';
import { askAgentTool, transferTool } from './group-tools.js';
import type { NativeGroup } from './native-group.js';

/** A tool standing for another agent of the group (a Mastra `createTool`). */
export type GroupTool = ReturnType<typeof askAgentTool>;

/**
 * The members of a Swarm or ManagerWorkers made into Mastra Agents one at a
 * time (Mastra's "agents as tools"), with the tools that stand for the other
 * members: what `compileGroup` assembles, and what the module `emitMastra`
 * writes for a group assembles itself (`groupAgents`).
 */
export class GroupMembers {
  readonly #members: ReadonlyMap<string, Agent>;
  readonly #asked = new Map<string, CompiledAgent>();
  readonly #owners = new Map<string, CompiledAgent>();

  /** `document`: the group as given, kept in the metadata of the agent owning the conversation first (importMastra gives it back). */
  constructor(readonly native: NativeGroup, private readonly ctx: CompileContext, private readonly maxHandoffs: number, private readonly document?: Component) {
    const all = native.kind === 'swarm' ? native.members : [native.manager, ...native.workers];
    this.#members = new Map(all.map((m) => [m.id, m]));
  }

  /** The id of the member owning the conversation first: the Swarm's first agent, the group manager. */
  get first(): string {
    return this.native.kind === 'swarm' ? this.native.swarm.first_agent.id : this.native.manager.id;
  }

  /** The members owning the conversation so far, by id. */
  get owners(): ReadonlyMap<string, CompiledAgent> {
    return this.#owners;
  }

  member(id: string): Agent {
    const m = this.#members.get(id);
    if (!m) throw new RuntimeError('AS_UNSUPPORTED', `the ${this.native.kind === 'swarm' ? 'Swarm' : 'ManagerWorkers'} has no agent '${id}'`);
    return m;
  }

  /** The Mastra Agent of member `id` owning the conversation: its own tools, then `tools`. */
  owner(id: string, tools: Readonly<Record<string, GroupTool>>): CompiledAgent {
    const document = this.document && id === this.first ? { document: this.document } : {};
    const agent = compileAgent(this.member(id), this.ctx, { id, tools, ...document });
    this.#owners.set(id, agent);
    return agent;
  }

  /** The Mastra Agent of Swarm member `id` when another agent asks it (send_message_to_<Name>): no transfer tools, a conversation of its own. */
  asked(id: string, tools: Readonly<Record<string, GroupTool>>): CompiledAgent {
    const agent = compileAgent(this.member(id), this.ctx, { id: `${id}.asked`, tools });
    this.#asked.set(id, agent);
    return agent;
  }

  /** `send_message_to_<Name>`: runs the asked Agent of member `to` (made by `asked`, before or after this) on the message. */
  sendMessage(to: string): GroupTool {
    const target = this.member(to);
    return askAgentTool(sendMessageSpec(target), () => {
      const asked = this.#asked.get(to);
      if (!asked) throw new RuntimeError('AS_UNSUPPORTED', `agent '${to}' is asked by another agent, and no Mastra Agent was made for that`);
      return asked;
    }, this.maxHandoffs);
  }

  /** `transfer_to_<Name>`: hands the conversation over to member `to` (the run stops after the step; the runtime runs `to` next). */
  transfer(to: string): GroupTool {
    return transferTool(transferSpec(this.member(to)), this.member(to), this.#members);
  }

  /** The tool of a ManagerWorkers' worker `id` (named after it): runs the worker's own Mastra Agent (made here) on the message. */
  worker(id: string): GroupTool {
    const w = this.member(id);
    const agent = compileAgent(w, this.ctx, { id, tools: {} });
    return askAgentTool(workerToolSpec(w), () => agent);
  }
}
