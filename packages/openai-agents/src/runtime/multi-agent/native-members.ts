import { laterComponent, type Agent as SpecAgent, type Component, type ComponentBase, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { handoffMode, managerWorkers, memberAgent, swarmAgents } from '@agentspec/runtime';

/** A Swarm or ManagerWorkers this runtime runs natively, with its member Agents. */
export type NativeGroup =
  | { readonly kind: 'swarm'; readonly swarm: Swarm; readonly members: readonly SpecAgent[] }
  | { readonly kind: 'manager-workers'; readonly mw: ManagerWorkers; readonly manager: SpecAgent; readonly workers: readonly SpecAgent[] };

/**
 * Whether a member runs natively here: a chat agent whose tools the SDK runs
 * itself — no ClientTools or confirmations (interruptions of a multi-agent
 * run are the interpreter's), no outputs, no toolboxes, no message transforms (the interpreter applies
 * them), human in the loop.
 */
function plainMember(a: SpecAgent): boolean {
  return (a.outputs ?? []).length === 0 && a.human_in_the_loop !== false && (a.toolboxes ?? []).length === 0 && (a.transforms ?? []).length === 0
    && a.tools.every((t) => t.component_type !== 'ClientTool' && t.requires_confirmation !== true);
}

/**
 * The multi-agent root this runtime maps onto the SDK's own patterns, or
 * undefined (the shared interpreter runs it, every LLM call on the SDK's
 * models): a Swarm with `handoff: always` (OpenAI's handoffs: transfers only)
 * and a ManagerWorkers (workers as tools), without outputs, whose members are
 * {@link plainMember}s. `send_message` (modes never and optional: an agent
 * asked in a conversation of its own, its tools listed among the transfers in
 * the spec's order) stays on the interpreter — unless `anyMode` (a group built
 * by `openaiAgentsRuntime({ buildGroup })`, which writes send_message tools itself).
 */
export function nativeGroup(root: Component, { anyMode = false }: { readonly anyMode?: boolean } = {}): NativeGroup | undefined {
  const swarm = laterComponent(root, 'Swarm');
  if (swarm) {
    if ((!anyMode && handoffMode(swarm) !== 'always') || (swarm.outputs ?? []).length > 0) return undefined;
    const members = swarmAgents(swarm).map((a) => memberAgent(a as Component, swarm, 'agent'));
    return members.every(plainMember) ? { kind: 'swarm', swarm, members } : undefined;
  }
  const mw = laterComponent(root, 'ManagerWorkers');
  if (mw) {
    if ((mw.outputs ?? []).length > 0) return undefined;
    const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
    const workers = managerWorkers(mw).map((w: ComponentBase) => memberAgent(w as Component, mw, 'worker'));
    return [manager, ...workers].every(plainMember) ? { kind: 'manager-workers', mw, manager, workers } : undefined;
  }
  return undefined;
}

/** The member Agents of a group, each once. */
export function groupMembers(g: NativeGroup): readonly SpecAgent[] {
  return g.kind === 'swarm' ? g.members : [g.manager, ...g.workers];
}
