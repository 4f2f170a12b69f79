import { INPUT_MESSAGE_DEFAULT_OUTPUT, type InputMessageNode, type OutputMessageNode } from '@agentspec/core';
import { renderTemplate } from '../../semantics/templates.js';
import type { NodeExecutor } from './types.js';

/** InputMessageNode: shows its message (if any), waits for the next user message, which is its output. */
export const inputMessageNode: NodeExecutor<InputMessageNode> = async (node, inputs, scope) => {
  const exec = scope.exec;
  if (node.message) exec.addMessage({ role: 'assistant', content: renderTemplate(node.message, inputs), sender: node.name }, scope.spanId);
  exec.event('HumanInTheLoopRequest', scope.spanId ?? 'run', node.name, { node: node.id });
  const incoming = scope.intake(true);
  for (const text of incoming) exec.addMessage({ role: 'user', content: text }, scope.spanId);
  const title = node.outputs?.[0]?.title ?? INPUT_MESSAGE_DEFAULT_OUTPUT;
  return { outputs: { [title]: incoming[0] } };
};

/** OutputMessageNode: appends its rendered message as an assistant message. */
export const outputMessageNode: NodeExecutor<OutputMessageNode> = async (node, inputs, scope) => {
  scope.exec.addMessage({ role: 'assistant', content: renderTemplate(node.message, inputs), sender: node.name }, scope.spanId);
  return { outputs: {} };
};
