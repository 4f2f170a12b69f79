import { Annotation, type StateDefinition } from '@langchain/langgraph';
import type { Agent } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import type { GraphSchemas } from '../graph-types.js';
import { messagesChannel } from '../flow/flow-state.js';

/**
 * The state of an agent's graph: the conversation, the LLM turns since the
 * user last spoke, whether submit_result finished it, and one key per agent
 * input (rendered into the system prompt) and output. Input schema: the
 * conversation and the inputs; output schema: the conversation and the outputs.
 * A member of a Swarm or ManagerWorkers shares the channels of its group
 * (`shared`: in its input and output, with whether submit_result finished it).
 */
export function agentSchemas(agent: Agent, shared?: StateDefinition): GraphSchemas {
  const messages = messagesChannel();
  const turns = Annotation<number>({ reducer: (_a: number, b: number) => b, default: () => 0 });
  const done = Annotation<boolean>();
  const keys = new Map<string, ReturnType<typeof Annotation<unknown>>>();
  const key = (title: string) => {
    let c = keys.get(title);
    if (!c) keys.set(title, (c = Annotation<unknown>()));
    return c;
  };
  const inputs: StateDefinition = {};
  const outputs: StateDefinition = {};
  for (const p of agent.inputs ?? []) inputs[p.title] = key(p.title);
  for (const p of agent.outputs ?? []) outputs[p.title] = key(p.title);
  const state: StateDefinition = { ...inputs, ...outputs, ...(shared ?? {}), [CHANNELS.messages]: messages, [CHANNELS.turns]: turns, [CHANNELS.done]: done };
  const input: StateDefinition = { ...inputs, ...(shared ?? {}), [CHANNELS.messages]: messages };
  const output: StateDefinition = { ...outputs, ...(shared ?? {}), [CHANNELS.messages]: messages, ...(shared ? { [CHANNELS.done]: done } : {}) };
  return { state: Annotation.Root(state), input: Annotation.Root(input), output: Annotation.Root(output) };
}
