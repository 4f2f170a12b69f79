import { buildLater, type Component } from '@agentspec/core';
import type { AnyAgent } from './any-agent.js';
import { agentId, importAgent, type ImportRun } from './import-agent.js';
import { readHandoff } from './read-handoff.js';
import { handoffTarget } from './handoff-target.js';

/** Whether an SDK agent has a handoff the Swarm can carry (readable, not disabled). */
export function hasHandoffs(agent: AnyAgent): boolean {
  return (agent.handoffs as unknown[]).some((h) => handoffTarget(h) !== undefined);
}

/**
 * An agent with handoffs as a Swarm (DESIGN §5, OpenAI Agents import):
 * `first_agent` the agent, one relationship per handoff of every agent
 * reached through handoffs (transitively, each agent once), `handoff:
 * always` — the Swarm mode that is OpenAI's handoff: only
 * `transfer_to_<Name>` tools (no send_message), the recipient takes the whole
 * conversation over and answers the user. `agent.asTool()` tools of the
 * members stay ServerTools running the SDK agent (a Swarm member is an
 * Agent, not a ManagerWorkers): OAI_AGENT_TOOL. When every handoff is left
 * out (disabled, unreadable: reported), the agent alone.
 */
export async function importSwarm(root: AnyAgent, id: string | undefined, run: ImportRun): Promise<Component> {
  const members: AnyAgent[] = [root];
  const specs = new Map<AnyAgent, Component>();
  const relationships: [Component, Component][] = [];
  const pairs: [AnyAgent, AnyAgent][] = [];
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    specs.set(member, (await importAgent(member, run, { agentTools: 'tools', agentToolsWhy: 'a member of a Swarm is an Agent; a ManagerWorkers cannot be one' })).spec);
    for (const entry of member.handoffs as unknown[]) {
      const target = await readHandoff(entry, member, agentId(member, run), run.warnings);
      if (!target || pairs.some(([a, b]) => a === member && b === target)) continue;
      pairs.push([member, target]);
      if (!members.includes(target)) members.push(target);
    }
  }
  for (const [a, b] of pairs) relationships.push([specs.get(a)!, specs.get(b)!]);
  const first = specs.get(root)!;
  if (relationships.length === 0) return first; // every handoff left out (reported): the agent alone
  return buildLater('Swarm', {
    id: id ?? `${first.id}_swarm`,
    name: root.name,
    ...(root.handoffDescription ? { description: root.handoffDescription } : {}),
    first_agent: first,
    relationships,
    handoff: 'always',
  } as never) as unknown as Component;
}
