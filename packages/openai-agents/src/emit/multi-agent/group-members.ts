import { laterComponent, type Agent, type Component, type ComponentBase, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { handoffMode, managerWorkers, memberAgent, RuntimeError, swarmAgents, type HandoffMode } from '@agentspec/runtime';

/** A Swarm or ManagerWorkers the emitter writes out, with its member Agents (SpecializedAgents merged). */
export type EmittedGroup =
  | { readonly kind: 'swarm'; readonly swarm: Swarm; readonly mode: HandoffMode; readonly members: readonly Agent[] }
  | { readonly kind: 'manager-workers'; readonly mw: ManagerWorkers; readonly manager: Agent; readonly workers: readonly Agent[] };

/** What of a member an emitted group module does not carry, or undefined. */
function notEmitted(a: Agent): string | undefined {
  if ((a.outputs ?? []).length > 0) return 'has outputs';
  if (a.human_in_the_loop === false) return 'has human_in_the_loop: false';
  if ((a.toolboxes ?? []).length > 0) return 'has toolboxes';
  if ((a.transforms ?? []).length > 0) return 'has message transforms';
  const waits = a.tools.find((t) => t.component_type === 'ClientTool' || t.requires_confirmation === true);
  return waits ? `has tool '${waits.name}', which waits for the caller (a ClientTool or a confirmation)` : undefined;
}

function refuse(group: ComponentBase, what: string): never {
  throw new RuntimeError('AS_UNSUPPORTED', `${group.component_type} '${String(group.name ?? group.id)}' ${what}: the OpenAI Agents emitter writes groups of chat agents whose runs do not pause`, {}, {
    hint: 'run it with openaiAgentsRuntime() (its interpreter runs it), or emit it with --target langgraph',
  });
}

function checkMembers(group: ComponentBase, members: readonly Agent[]): void {
  if (((group as { outputs?: unknown[] }).outputs ?? []).length > 0) refuse(group, 'has outputs');
  for (const m of members) {
    const why = notEmitted(m);
    if (why) refuse(group, `has member '${m.name}', which ${why}`);
  }
}

/** The group of a Swarm or ManagerWorkers root (SpecializedAgents merged already), its members checked; undefined for other roots. */
export function emittedGroup(root: Component): EmittedGroup | undefined {
  const swarm = laterComponent(root, 'Swarm');
  if (swarm) {
    const members = swarmAgents(swarm).map((a) => memberAgent(a as Component, swarm, 'agent'));
    checkMembers(swarm, members);
    return { kind: 'swarm', swarm, mode: handoffMode(swarm), members };
  }
  const mw = laterComponent(root, 'ManagerWorkers');
  if (!mw) return undefined;
  const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
  const workers = managerWorkers(mw).map((w) => memberAgent(w as Component, mw, 'worker'));
  checkMembers(mw, [manager, ...workers]);
  return { kind: 'manager-workers', mw, manager, workers };
}
