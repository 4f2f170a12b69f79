import type { Known, Node } from '@agentspec/core';
import type { Message } from '@agentspec/runtime';
import { nodeStep } from '../node-step.js';
import type { MastraEntry, NodeCompiler, NodeHandler, StepExec } from './types.js';

/** A node compiled to one Mastra step running `handler`. */
export function single<N extends Known<Node>>(handler: NodeHandler<N>): NodeCompiler<N> {
  return (node, fc): MastraEntry[] => [{ kind: 'step', step: nodeStep(node, fc, handler) }];
}

/** The shared conversation with `message` appended (announced as an event). */
export function withMessage(exec: StepExec, messages: readonly Message[], message: Message): Message[] {
  exec.hooks?.events?.emit('ConversationMessageAdded', 'run', message.sender ?? message.role, { message });
  return [...messages, message];
}
