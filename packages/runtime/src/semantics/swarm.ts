import type { ComponentBase } from '@agentspec/core';
import type { Swarm } from '@agentspec/core';
import type { ToolSpec } from './agent-tools.js';
import { agentBlurb, agentToolName } from './multi-agent.js';

/** How agents of a Swarm involve one another (Agent Spec 26.1.0; the boolean of 25.4.2: `true` is `optional`, `false` `never`). */
export type HandoffMode = 'never' | 'optional' | 'always';

/** The handoff mode of a Swarm: `optional` when not given (the default of 25.4.2 and 26.1.0). */
export function handoffMode(swarm: Pick<Swarm, 'handoff'>): HandoffMode {
  const h = swarm.handoff;
  if (h === false || h === 'never') return 'never';
  if (h === 'always') return 'always';
  return 'optional';
}

/** The prefixes of the tools standing for the agents of a Swarm. */
export const SEND_MESSAGE_PREFIX = 'send_message_to_';
export const TRANSFER_PREFIX = 'transfer_to_';

/**
 * The agents of a Swarm, each once: the first agent, then the others in the
 * order of the relationships (caller before recipient).
 */
export function swarmAgents(swarm: Swarm): ComponentBase[] {
  const out: ComponentBase[] = [swarm.first_agent];
  for (const [caller, recipient] of swarm.relationships) for (const a of [caller, recipient]) if (!out.some((o) => o === a || o.id === a.id)) out.push(a);
  return out;
}

/** The agents `caller` may involve: the recipients of its relationships, each once, in order. */
export function swarmRecipients(swarm: Swarm, caller: ComponentBase): ComponentBase[] {
  const out: ComponentBase[] = [];
  for (const [c, r] of swarm.relationships) if (c.id === caller.id && r.id !== caller.id && !out.some((o) => o.id === r.id)) out.push(r);
  return out;
}

/** One tool a Swarm gives an agent: `send_message` (ask and wait for the answer) or `transfer` (hand the conversation over). */
export interface SwarmLink {
  readonly kind: 'send_message' | 'transfer';
  readonly to: ComponentBase;
  readonly spec: ToolSpec;
}

/**
 * The tools a Swarm adds to one of its agents (DESIGN §4.2, Swarm), after the
 * agent's own, recipient by recipient:
 * - `send_message_to_<Name>` `{ message }` unless the mode is `always`: the
 *   recipient answers the message in a conversation of its own (the user does
 *   not see it) and its answer is the tool's result;
 * - `transfer_to_<Name>` `{}` when the mode is `optional` or `always` and the
 *   agent owns the conversation (`owner`): the recipient takes the whole
 *   conversation over and answers the user from then on. An agent asked
 *   through send_message owns no conversation and cannot hand one over.
 */
export function swarmLinks(swarm: Swarm, agent: ComponentBase, owner: boolean): SwarmLink[] {
  const mode = handoffMode(swarm);
  const links: SwarmLink[] = [];
  for (const to of swarmRecipients(swarm, agent)) {
    if (mode !== 'always') links.push({ kind: 'send_message', to, spec: sendMessageSpec(to) });
    if (mode !== 'never' && owner) links.push({ kind: 'transfer', to, spec: transferSpec(to) });
  }
  return links;
}

/** The `send_message_to_<Name>` tool: ask another agent and wait for its answer. */
export function sendMessageSpec(to: ComponentBase): ToolSpec {
  return {
    name: agentToolName(SEND_MESSAGE_PREFIX, to),
    description: `Ask ${String(to.name)} (${agentBlurb(to)}) and get its answer back. The user does not see this exchange: write everything ${String(to.name)} needs to know in the message.`,
    parameters: {
      type: 'object',
      properties: { message: { type: 'string', description: `The message to ${String(to.name)}.` } },
      required: ['message'],
      additionalProperties: false,
    },
  };
}

/** The `transfer_to_<Name>` tool: hand the whole conversation over. */
export function transferSpec(to: ComponentBase): ToolSpec {
  return {
    name: agentToolName(TRANSFER_PREFIX, to),
    description: `Hand the conversation over to ${String(to.name)} (${agentBlurb(to)}), who then answers the user and goes on with the conversation.`,
    parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
  };
}

/** The result of a transfer call in the conversation (the text OpenAI Agents gives a handoff's call). */
export function transferResult(to: ComponentBase): string {
  return JSON.stringify({ assistant: to.name });
}

/** The result of a second transfer call in one answer: the first one wins. */
export function transferIgnored(to: ComponentBase, done: ComponentBase): string {
  return `Not transferred to ${String(to.name)}: the conversation was handed over to ${String(done.name)} already.`;
}
