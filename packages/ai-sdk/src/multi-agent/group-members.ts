import { laterComponent, type Agent, type Component, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { checkMultiAgent, managerWorkers, memberAgent, specializeAgents, swarmAgents } from '@agentspec/runtime';

/** A Swarm or ManagerWorkers, its SpecializedAgents merged, and its members as the Agents they run as (the first owns the conversation first). */
export interface GroupMembers {
  readonly kind: 'swarm' | 'manager-workers';
  readonly group: Swarm | ManagerWorkers;
  readonly agents: readonly Agent[];
}

/**
 * The members of a Swarm (its first agent, then the others in the order of the
 * relationships) or of a ManagerWorkers (the manager, then the workers), each
 * SpecializedAgent merged into the Agent it stands for; checked as the
 * reference interpreter checks them (members are Agents, no agent offered two
 * tools of one name: AS_UNSUPPORTED). Undefined for other components.
 */
export function groupMembers(component: Component): GroupMembers | undefined {
  if (!laterComponent(component, 'Swarm') && !laterComponent(component, 'ManagerWorkers')) return undefined;
  const root = specializeAgents(component);
  checkMultiAgent(root);
  const swarm = laterComponent(root, 'Swarm');
  if (swarm) return { kind: 'swarm', group: swarm, agents: swarmAgents(swarm).map((a) => memberAgent(a as Component, swarm, 'agent')) };
  const mw = laterComponent(root, 'ManagerWorkers') as ManagerWorkers;
  const agents = [memberAgent(mw.group_manager as Component, mw, 'group manager'), ...managerWorkers(mw).map((w) => memberAgent(w as Component, mw, 'worker'))];
  return { kind: 'manager-workers', group: mw, agents };
}
