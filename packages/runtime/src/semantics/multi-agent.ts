import { isUnknownComponent, laterComponent, type Agent, type Component, type ComponentBase } from '@agentspec/core';
import { RuntimeError } from '../errors.js';
import { toolResultText } from './tool-results.js';

/**
 * Handoffs in a row (without the active agent answering the user), or agents
 * called inside one another, a multi-agent run takes at most unless
 * `limits.maxHandoffs` says otherwise; one more is AS_HANDOFF_LIMIT.
 */
export const DEFAULT_MAX_HANDOFFS = 10;

/**
 * The name of a tool standing for an agent: its name with every character
 * that is not an ASCII letter or digit replaced by `_` (as OpenAI Agents
 * names handoff tools), after `prefix`: `transfer_to_Billing_desk`.
 */
export function agentToolName(prefix: string, agent: ComponentBase): string {
  const name = typeof agent.name === 'string' && agent.name !== '' ? agent.name : agent.id;
  return `${prefix}${name.replace(/[^a-zA-Z0-9]/g, '_')}`;
}

/** What an agent is, for descriptions: its description, else its name. */
export function agentBlurb(agent: ComponentBase): string {
  const d = (agent as { description?: unknown }).description;
  return typeof d === 'string' && d.trim() !== '' ? d.trim() : String(agent.name ?? agent.id);
}

/**
 * A member of a Swarm or a ManagerWorkers as it runs: an Agent (a
 * SpecializedAgent is one, once `specializeAgents` merged it). Other agentic
 * components (Flows, nested Swarms or ManagerWorkers, remote agents) are
 * AS_UNSUPPORTED, naming the member and the group.
 */
export function memberAgent(member: Component, group: ComponentBase, role: string): Agent {
  if (member.component_type === 'Agent' && !isUnknownComponent(member)) return member as Agent;
  const special = laterComponent(member, 'SpecializedAgent');
  const what = special ? 'a SpecializedAgent not yet merged (run the spec through specializeAgents)' : `a ${member.component_type}`;
  throw new RuntimeError('AS_UNSUPPORTED', `${group.component_type} '${String(group.name ?? group.id)}': its ${role} '${String(member.name ?? member.id)}' is ${what}; the members of a multi-agent component run here are Agents and SpecializedAgents`, {}, {
    hint: 'make the member an Agent (or a SpecializedAgent of one)',
  });
}

/** AS_HANDOFF_LIMIT: `what` went past `limit`. */
export function handoffLimitError(what: string, limit: number, agent: ComponentBase): RuntimeError {
  return new RuntimeError('AS_HANDOFF_LIMIT', `${what} more than ${limit} times without an answer to the user`, { agent: agent.id }, {
    hint: 'the agents keep passing the task around: check their instructions, or raise limits.maxHandoffs',
  });
}

/** Two tools an agent is offered with one name: a load error naming both. */
export function checkToolNames(agent: ComponentBase, names: readonly string[], group: ComponentBase): void {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) {
      throw new RuntimeError('AS_UNSUPPORTED', `${group.component_type} '${String(group.name ?? group.id)}': agent '${String(agent.name ?? agent.id)}' would be offered two tools named '${n}'`, { agent: agent.id }, {
        hint: 'give the agents distinct names (a tool standing for an agent is named after it), and no tool of an agent the name of one',
      });
    }
    seen.add(n);
  }
}

/** The message an agent is asked with, from a call of the tool standing for it: its `message` argument, else the arguments as JSON. */
export function agentMessage(args: Readonly<Record<string, unknown>>): string {
  return typeof args.message === 'string' ? args.message : JSON.stringify(args);
}

/** What an asked agent (a worker, a send_message recipient) gives back to the agent that asked: its text reply, or its outputs as JSON. */
export function agentAnswer(end: { readonly text: string } | { readonly outputs: Readonly<Record<string, unknown>> }): string {
  return 'outputs' in end ? toolResultText(end.outputs) : end.text;
}

/**
 * The handoffs in a row after one more transfer of a Swarm's conversation:
 * 1 when the agent handing it over had answered the user since it got it,
 * else one more than before. More than `limits.maxHandoffs` is
 * AS_HANDOFF_LIMIT ({@link handoffLimitError}).
 */
export function countHandoff(previous: number, answeredUser: boolean): number {
  return answeredUser ? 1 : previous + 1;
}
