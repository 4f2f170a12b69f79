import type { BaseMessage } from '@langchain/core/messages';
import type { Agent } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import type { GraphState, GraphUpdate, NodeFn } from '../graph-types.js';
import { askUser } from '../interrupts.js';
import { userMessage } from '../messages.js';

/** The agent replied in text: wait for the user (`interrupt()`); their messages join the conversation and the turn count restarts. */
export function humanNode(agent: Agent): NodeFn {
  return async (state: GraphState): Promise<GraphUpdate> => {
    const answers = askUser(agent.id, (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? []);
    return { [CHANNELS.messages]: answers.map(userMessage), [CHANNELS.turns]: 0 };
  };
}
