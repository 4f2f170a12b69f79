import type { AgentNode } from '@agentspec/core';
import { admitted, shapeOutputs, unsupportedComponent, type Message } from '@agentspec/runtime';
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
