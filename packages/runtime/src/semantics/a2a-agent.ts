import type { A2AAgent } from '@agentspec/core';
import type { A2aReply, A2aThread } from '../a2a/a2a-client.js';
import type { Message } from '../contract.js';
import { RuntimeError } from '../errors.js';
import { shapeOutputs } from './inputs.js';

/**
 * The messages an A2AAgent sends next: the user messages at the end of the
 * conversation (after the last message that is not the user's). None: the
 * agent waits for the user (a remote agent is never asked nothing).
 */
export function a2aPending(messages: readonly Message[]): string[] {
  let i = messages.length;
  while (i > 0 && messages[i - 1]?.role === 'user') i--;
  return messages.slice(i).map((m) => m.content);
}

/** Where the conversation with the remote agent stands after a reply: its context kept, the task continued only when it asked for input. */
export function nextThread(thread: A2aThread, reply: A2aReply): A2aThread {
  const contextId = reply.contextId ?? thread.contextId;
  return { ...(contextId ? { contextId } : {}), ...(reply.state === 'input-required' && reply.taskId ? { taskId: reply.taskId } : {}) };
}

/** The reply as the conversation's assistant message, said by the A2AAgent. */
export function a2aReplyMessage(agent: A2AAgent, reply: A2aReply): Message {
  return { role: 'assistant', content: reply.text, sender: agent.name };
}

/**
 * The outputs of an A2AAgent after an answer (a direct message or a completed
 * task), or undefined when it goes on talking with the user: an agent with
 * outputs finishes with them — the answer's data part by name (coerced;
 * defaults for the missing ones), or its text for a single string output —
 * and so does any A2AAgent run by an AgentNode (with `{}` when it has no
 * outputs). A task asking for input never finishes it. An output with
 * neither a value nor a default is AS_A2A.
 */
export function a2aOutputs(agent: A2AAgent, reply: A2aReply, inFlow: boolean): Record<string, unknown> | undefined {
  if (reply.state === 'input-required') return undefined;
  const outputs = agent.outputs ?? [];
  if (outputs.length === 0) return inFlow ? {} : undefined;
  const only = outputs.length === 1 ? outputs[0] : undefined;
  const values: Record<string, unknown> = reply.data ? { ...reply.data } : only && only.type === 'string' ? { [only.title]: reply.text } : {};
  const shaped = shapeOutputs(outputs, values);
  for (const p of outputs) {
    if (Object.hasOwn(shaped, p.title)) continue;
    if (!('default' in p)) {
      throw new RuntimeError('AS_A2A', `the answer of the A2A agent '${agent.name}' has no value for its output '${p.title}' (no data part with it)`, { agent: agent.id }, {
        hint: 'give the output a default, or have the remote agent answer with a data part holding it',
      });
    }
    shaped[p.title] = structuredClone(p.default);
  }
  return shaped;
}
