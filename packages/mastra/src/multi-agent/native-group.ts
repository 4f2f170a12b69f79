import { laterComponent, type Agent, type Component, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { managerWorkers, memberAgent, swarmAgents } from '@agentspec/runtime';
import { stoppingTool } from '../compile/agent/stopping-tool.js';

/** A Swarm or ManagerWorkers the Mastra runtime runs as Mastra Agents, with its member Agents (SpecializedAgents merged). */
export type NativeGroup =
  | { readonly kind: 'swarm'; readonly swarm: Swarm; readonly members: readonly Agent[] }
  | { readonly kind: 'manager-workers'; readonly mw: ManagerWorkers; readonly manager: Agent; readonly workers: readonly Agent[] };

/** Why a member cannot run as a Mastra Agent of the group, or undefined when it can. */
function memberProblem(a: Agent): string | undefined {
  const stops = stoppingTool(a);
  if (stops) return `agent '${a.name}' has a tool that stops the run for the caller ('${stops.name}': a ClientTool or a confirmation)`;
  const renamed = a.tools.find((t) => !/^[a-zA-Z0-9_-]+$/.test(t.name));
  if (renamed) return `agent '${a.name}' has a tool named '${renamed.name}', which a Mastra Agent offers under another name (only letters, digits, '_' and '-' are kept)`;
  if (a.human_in_the_loop === false && (a.outputs ?? []).length > 0) return `agent '${a.name}' has outputs and human_in_the_loop: false`;
  return undefined;
}

/**
 * The Swarm or ManagerWorkers at the root (SpecializedAgents merged) mapped
 * onto Mastra Agents, or why not (`reason`: it then runs on the shared
 * multi-agent semantics with Mastra's models): members whose tools stop the
 * run for the caller (ClientTools, confirmations) would need a Mastra run
 * suspended inside a tool of another agent's run, which Mastra does not
 * resume as one run; a tool whose name has other characters than letters,
 * digits, `_` and `-` is offered by a Mastra Agent under another name.
 */
export function nativeGroup(root: Component): { readonly group?: NativeGroup; readonly reason?: string } | undefined {
  const swarm = laterComponent(root, 'Swarm');
  if (swarm) {
    const members = swarmAgents(swarm).map((a) => memberAgent(a as Component, swarm, 'agent'));
    const reason = members.map(memberProblem).find((r) => r !== undefined);
    return reason ? { reason } : { group: { kind: 'swarm', swarm, members } };
  }
  const mw = laterComponent(root, 'ManagerWorkers');
  if (mw) {
    const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
    const workers = managerWorkers(mw).map((w) => memberAgent(w as Component, mw, 'worker'));
    const reason = [manager, ...workers].map(memberProblem).find((r) => r !== undefined);
    return reason ? { reason } : { group: { kind: 'manager-workers', mw, manager, workers } };
  }
  return undefined;
}
