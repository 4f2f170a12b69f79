import type { A2AAgent } from '@agentspec/core';
import type { A2aThread } from '../a2a/a2a-client.js';
import { a2aOutputs, a2aPending, a2aReplyMessage, nextThread } from '../semantics/a2a-agent.js';
import type { Scope } from './execution.js';

/**
 * An A2AAgent (root, or run by an AgentNode): the user messages at the end of
 * the conversation go to the remote agent as one A2A message, its inputs as a
 * data part of it (on the
 * conversation's A2A context; continuing the task that asked for input), its
 * answer joins the conversation as the agent's message. A task asking for
 * input, or an answer of an agent that goes on talking (a root without
 * outputs), waits for the user; an answer finishes an agent with outputs, and
 * one run by an AgentNode (DESIGN §4.2). Each answer is recorded in the
 * journal: a replayed run does not send the message again.
 */
export function runA2aAgent(agent: A2AAgent, inputs: Readonly<Record<string, unknown>>, scope: Scope, inFlow: boolean): Promise<Record<string, unknown>> {
  return scope.span('AgentExecutionStart', 'AgentExecutionEnd', agent.name, { agent: agent.id, inputs }, async (s) => {
    const exec = s.exec;
    const connection = exec.services.a2a(agent);
    let thread: A2aThread = {};
    for (;;) {
      const pending = a2aPending(exec.messages);
      if (pending.length === 0) {
        for (const text of s.intake(true)) exec.addMessage({ role: 'user', content: text }, s.spanId);
        continue;
      }
      const sent = thread;
      const { reply } = await s.effect('a2a', async () => ({ kind: 'a2a' as const, reply: await connection.send(pending, sent, inputs) }));
      thread = nextThread(thread, reply);
      exec.addMessage(a2aReplyMessage(agent, reply), s.spanId);
      const outputs = a2aOutputs(agent, reply, inFlow);
      if (outputs) return outputs;
      for (const text of s.intake(true)) exec.addMessage({ role: 'user', content: text }, s.spanId);
    }
  }, (r) => ({ outputs: r }));
}
