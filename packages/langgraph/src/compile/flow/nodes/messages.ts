import { INPUT_MESSAGE_DEFAULT_OUTPUT, type InputMessageNode, type OutputMessageNode } from '@agentspec/core';
import { renderTemplate } from '@agentspec/runtime';
import { askUser } from '../../interrupts.js';
import { assistantMessage, userMessage } from '../../messages.js';
import type { NodeHandler } from '../node-handler.js';

/**
 * InputMessageNode: shows its message (if any) and waits for the user with
 * `interrupt()`; the user's next message is its output. Both messages join
 * the conversation when the node finishes (a resumed node runs again from
 * the top, so nothing is written before the interrupt).
 */
export const inputMessageNode: NodeHandler<InputMessageNode> = (node) => {
  const title = node.outputs?.[0]?.title ?? INPUT_MESSAGE_DEFAULT_OUTPUT;
  return {
    run: async ({ inputs, messages }) => {
      const shown = node.message ? [assistantMessage(renderTemplate(node.message, inputs), node.name)] : [];
      const answers = askUser(node.id, messages, shown);
      return { outputs: { [title]: answers[0] }, messages: [...shown, ...answers.map(userMessage)] };
    },
  };
};

/** OutputMessageNode: adds its rendered message to the conversation. */
export const outputMessageNode: NodeHandler<OutputMessageNode> = (node) => ({
  run: async ({ inputs }) => ({ outputs: {}, messages: [assistantMessage(renderTemplate(node.message, inputs), node.name)] }),
});
