import { INPUT_MESSAGE_DEFAULT_OUTPUT, type InputMessageNode, type OutputMessageNode } from '@agentspec/core';
import { renderTemplate } from '@agentspec/runtime';
import { single, withMessage } from './simple.js';

/**
 * InputMessageNode: shows its message, then suspends the workflow
 * (`user_input`) until resumed with the user's message, which is its output
 * and joins the conversation.
 */
export const inputMessageNode = single<InputMessageNode>(async (node, inputs, exec) => {
  const suspended = exec.params.suspendData?.agentspec;
  if (!suspended) {
    const messages = node.message ? withMessage(exec, exec.frame.shared.messages, { role: 'assistant', content: renderTemplate(node.message, inputs), sender: node.name }) : [...exec.frame.shared.messages];
    exec.hooks?.events?.emit('HumanInTheLoopRequest', 'run', node.name, { node: node.id });
    return { suspend: { type: 'user_input', requests: [], messages } };
  }
  const incoming = exec.params.resumeData?.user ?? [];
  if (incoming.length === 0) return { suspend: suspended };
  let messages = [...suspended.messages];
  for (const text of incoming) messages = withMessage(exec, messages, { role: 'user', content: text });
  const title = node.outputs?.[0]?.title ?? INPUT_MESSAGE_DEFAULT_OUTPUT;
  return { outputs: { [title]: incoming[0] }, messages };
});

/** OutputMessageNode: appends its rendered message as an assistant message. */
export const outputMessageNode = single<OutputMessageNode>(async (node, inputs, exec) => ({
  outputs: {},
  messages: withMessage(exec, exec.frame.shared.messages, { role: 'assistant', content: renderTemplate(node.message, inputs), sender: node.name }),
}));
