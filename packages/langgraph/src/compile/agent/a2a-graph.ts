import { Annotation, END, START, StateGraph, type LangGraphRunnableConfig, type StateDefinition } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { A2AAgent } from '@agentspec/core';
import { a2aOutputs, a2aPending, a2aReplyMessage, nextThread, resolveInputs, type A2aThread } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import type { CompileContext } from '../context.js';
import type { GraphBuilder, GraphState, GraphUpdate, LangGraph } from '../graph-types.js';
import { askUser } from '../interrupts.js';
import { assistantMessage, toContractMessages, userMessage } from '../messages.js';
import { messagesChannel } from '../flow/flow-state.js';
import { endAgentSpan, inAgentSpan, startAgentSpan } from './agent-span.js';

/** The state key of where the conversation stands with the remote agent (its A2A context, the task waiting for input). */
const THREAD = 'agentspec_a2a_thread';

/**
 * An A2AAgent run by an AgentNode, as a graph (the semantics of
 * @agentspec/runtime — `a2aPending`, `nextThread`, `a2aOutputs` — with its A2A
 * client): `send` sends the user messages at the end of the conversation (the
 * agent's inputs as a data part) and adds the answer; an answer ends the graph with the agent's outputs; a task
 * asking for input (or nothing to send) goes to `human`, which waits for the
 * user with `interrupt()` and goes back to `send`. Each exchange is its own
 * step, checkpointed: resuming after an interrupt never sends a message again.
 */
export function compileA2aGraph(agent: A2AAgent, ctx: CompileContext): LangGraph {
  const keys: StateDefinition = {};
  for (const p of [...(agent.inputs ?? []), ...(agent.outputs ?? [])]) keys[p.title] ??= Annotation<unknown>();
  const state = Annotation.Root({ ...keys, [CHANNELS.messages]: messagesChannel(), [CHANNELS.done]: Annotation<boolean>(), [THREAD]: Annotation<A2aThread>() });
  const builder = new StateGraph(state) as unknown as GraphBuilder;
  const connection = ctx.a2a(agent);
  // the agent's span: one for the whole exchange (each send announces it; a later run continues it), ended with its outputs
  builder.addNode('send', async (s: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const inputs = resolveInputs(agent.inputs, s, { agent: agent.id });
    startAgentSpan(config, agent, inputs);
    return inAgentSpan(config, agent, async () => {
      const messages = (s[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
      const pending = a2aPending(toContractMessages(messages));
      if (pending.length === 0) return { [CHANNELS.done]: false };
      const thread = (s[THREAD] as A2aThread | undefined) ?? {};
      const reply = await connection.send(pending, thread, inputs);
      const said = a2aReplyMessage(agent, reply);
      const outputs = a2aOutputs(agent, reply, true);
      if (outputs) endAgentSpan(config, agent, outputs);
      return { ...(outputs ?? {}), [CHANNELS.messages]: [assistantMessage(said.content, agent.name)], [THREAD]: nextThread(thread, reply), [CHANNELS.done]: outputs !== undefined };
    });
  });
  builder.addNode('human', async (s: GraphState): Promise<GraphUpdate> => {
    const answers = askUser(agent.id, (s[CHANNELS.messages] as BaseMessage[] | undefined) ?? []);
    return { [CHANNELS.messages]: answers.map(userMessage) };
  });
  builder.addEdge(START, 'send');
  builder.addConditionalEdges('send', (s: GraphState) => (s[CHANNELS.done] === true ? END : 'human'), ['human', END]);
  builder.addEdge('human', 'send');
  return builder.compile({ name: agent.name }) as unknown as LangGraph;
}
