import type { AgentNode } from '@agentspec/core';
import { laterComponent, type A2AAgent } from '@agentspec/core';
import {
  a2aOutputs, a2aPending, a2aReplyMessage, admitted, nextThread, shapeOutputs, unsupportedComponent, type A2aThread, type Message,
} from '@agentspec/runtime';
import { MASTRA_CAPABILITIES } from '../../../capabilities.js';
import type { AgentAnswers, AgentPending } from '../../agent/agent-pending.js';
import { compileAgent } from '../../agent/compile-agent.js';
import { runAgent } from '../../agent/run-agent.js';
import { inSpan } from '../../../events.js';
import { nodeStep } from '../node-step.js';
import { subflowEntries } from './flow-node.js';
import type { MastraEntry, NodeCompiler, ResumeAnswers } from './types.js';

/** What a suspended AgentNode step keeps: the conversation without the stopped turn, and Mastra's stopped run. */
interface AgentNodeState {
  readonly conversation: readonly Message[];
  readonly pending?: AgentPending;
}

const answersOf = (r: ResumeAnswers | undefined): AgentAnswers => ({
  decisions: new Map(Object.entries(r?.decisions ?? {})),
  toolResults: new Map(Object.entries(r?.results ?? {})),
});

/**
 * AgentNode: the agent's Mastra Agent on the node's inputs and the shared
 * conversation. Its client tools, confirmations and text replies (when it has
 * outputs) suspend the workflow; resuming continues Mastra's stopped run. An
 * AgentNode whose agent is a Flow runs it as a nested workflow.
 */
export const agentNode: NodeCompiler<AgentNode> = (node, fc): MastraEntry[] => {
  const remote = laterComponent(node.agent, 'A2AAgent');
  if (remote) return a2aAgentNode(node, remote, fc);
  const agent = admitted(node.agent);
  if (agent.component_type === 'Flow') return subflowEntries(node, agent, fc, false);
  if (agent.component_type !== 'Agent') throw unsupportedComponent(agent, MASTRA_CAPABILITIES.compile);
  const compiled = compileAgent(agent, fc.ctx);
  const spec = compiled.spec;
  return [{
    kind: 'step',
    step: nodeStep(node, fc, async (_n, inputs, exec) => {
      const suspended = exec.params.suspendData?.agentspec;
      const state = suspended?.state as AgentNodeState | undefined;
      let messages = exec.frame.shared.messages;
      let pending: AgentPending | undefined;
      if (suspended && state) {
        if (suspended.type === 'user_input') {
          const incoming = exec.params.resumeData?.user ?? [];
          if (incoming.length === 0) return { suspend: suspended };
          messages = [...state.conversation, ...incoming.map((content): Message => ({ role: 'user', content }))];
        } else {
          messages = state.conversation;
          pending = state.pending;
        }
      }
      const events = exec.hooks?.events;
      const signal = exec.hooks?.signal;
      const outcome = await inSpan(events, 'AgentExecutionStart', 'AgentExecutionEnd', spec.name, { agent: spec.id, inputs }, () => runAgent(compiled, {
        messages, inputs, answers: answersOf(exec.params.resumeData), inFlow: true,
        ...(pending ? { pending } : {}), ...(events ? { events } : {}), ...(signal ? { signal } : {}),
      }), (o) => ({ status: o.type }));
      switch (outcome.type) {
        case 'finished':
          return { outputs: shapeOutputs(node.outputs, outcome.outputs), messages: outcome.messages };
        case 'user_input':
          return { suspend: { type: 'user_input', requests: [], messages: outcome.messages, state: { conversation: outcome.messages } satisfies AgentNodeState } };
        default:
          return { suspend: { type: outcome.type, requests: outcome.requests, messages: outcome.messages, state: { conversation: outcome.committed, pending: outcome.pending } satisfies AgentNodeState } };
      }
    }),
  }];
};

/** What a suspended A2A AgentNode step keeps: the conversation, and the remote task waiting for input. */
interface A2aNodeState {
  readonly conversation: readonly Message[];
  readonly thread: A2aThread;
}

/**
 * AgentNode of an A2AAgent (the semantics of @agentspec/runtime, `a2aPending`
 * … `a2aOutputs`, with its A2A client): the user messages at the end of the
 * conversation go to the remote agent, its answer joins the conversation; a
 * task asking for input suspends the step (resumed with the user's answer,
 * which continues the task); an answer finishes the node with the agent's
 * outputs.
 */
function a2aAgentNode(node: AgentNode, agent: A2AAgent, fc: Parameters<NodeCompiler<AgentNode>>[1]): MastraEntry[] {
  const connection = fc.ctx.a2a(agent);
  return [{
    kind: 'step',
    step: nodeStep(node, fc, async (_n, inputs, exec) => {
      const suspended = exec.params.suspendData?.agentspec;
      const state = suspended?.state as A2aNodeState | undefined;
      let messages: readonly Message[] = exec.frame.shared.messages;
      let thread: A2aThread = {};
      if (suspended && state) {
        const incoming = exec.params.resumeData?.user ?? [];
        if (incoming.length === 0) return { suspend: suspended };
        messages = [...state.conversation, ...incoming.map((content): Message => ({ role: 'user', content }))];
        thread = state.thread;
      }
      const waiting = (conversation: readonly Message[], at: A2aThread) => ({
        suspend: { type: 'user_input' as const, requests: [], messages: [...conversation], state: { conversation, thread: at } satisfies A2aNodeState },
      });
      const pending = a2aPending(messages);
      if (pending.length === 0) return waiting(messages, thread);
      const events = exec.hooks?.events;
      return inSpan(events, 'AgentExecutionStart', 'AgentExecutionEnd', agent.name, { agent: agent.id, inputs }, async () => {
        const reply = await connection.send(pending, thread);
        const conversation = [...messages, a2aReplyMessage(agent, reply)];
        const outputs = a2aOutputs(agent, reply, true);
        if (!outputs) return waiting(conversation, nextThread(thread, reply));
        return { outputs: shapeOutputs(node.outputs, outputs), messages: conversation };
      }, (r) => ('outputs' in r ? { outputs: r.outputs } : {}), (r) => 'outputs' in r); // a task waiting for input leaves the span open: the resumed step continues it
    }),
  }];
}
