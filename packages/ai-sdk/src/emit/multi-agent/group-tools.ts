import type { Agent, Swarm } from '@agentspec/core';
import { sendMessageSpec, swarmLinks, transferSpec, workerToolSpec } from '@agentspec/runtime';
import { literal, str } from '@agentspec/runtime/emit';
import type { GroupMembers } from '../../multi-agent/group-members.js';

/** One entry of an agent's `tools` in the module: the tool's name, and the expression of the tool (a call of a group tool function). */
export interface GroupToolEntry {
  readonly name: string;
  readonly expression: string;
  /** Offered only to the agent owning the conversation (a transfer). */
  readonly ownerOnly: boolean;
}

/**
 * The tools a group gives one of its agents, with the shared specs of
 * @agentspec/runtime (names, descriptions, parameters: `transferSpec`,
 * `sendMessageSpec`, `workerToolSpec`): a Swarm's `send_message_to_<Name>`
 * and `transfer_to_<Name>` (swarmLinks: the handoff mode decides), a
 * manager's one tool per worker. `id` is the recipient's id in the module's
 * AGENTS; `indent` that of the lines.
 */
export function groupToolEntries(members: GroupMembers, agent: Agent, id: (a: { id: string }) => string, indent: string): GroupToolEntry[] {
  if (members.kind === 'manager-workers') {
    if (agent !== members.agents[0]) return [];
    return members.agents.slice(1).map((w) => {
      const spec = workerToolSpec(w);
      return { name: spec.name, ownerOnly: false, expression: `workerTool(${id(w)}, ${str(spec.description)}, ${literal(spec.parameters, indent)})` };
    });
  }
  return swarmLinks(members.group as Swarm, agent, true).map((link) => {
    if (link.kind === 'transfer') {
      const spec = transferSpec(link.to);
      return { name: spec.name, ownerOnly: true, expression: `transferTool(run, ${id(link.to)}, ${str(spec.description)})` };
    }
    const spec = sendMessageSpec(link.to);
    return { name: spec.name, ownerOnly: false, expression: `sendMessageTool(run, ${id(link.to)}, ${str(spec.description)}, ${literal(spec.parameters, indent)})` };
  });
}
