import type { Agent, AgentNode, Flow } from '@agentspec/core';
import { RuntimeError, shapeOutputs } from '@agentspec/runtime';
import { agentRecursionLimit } from '../../agent/agent-limits.js';
import type { NodeHandler } from '../node-handler.js';
import { invokeSubgraph } from './sub-graphs.js';

/**
 * AgentNode: the agent's graph (or a Flow's) as a subgraph on the node's
 * inputs, sharing the flow's conversation: it sees the messages so far and
 * its own join them. An agent without outputs ends on its first text reply.
 */
export const agentNode: NodeHandler<AgentNode> = (node, { ctx }) => {
  const inner = node.agent;
  if (inner.component_type === 'Flow') {
    const sub = ctx.flowGraph(inner as Flow);
    return {
      subgraphs: [sub],
      run: async ({ inputs, messages, config, span }) => {
        const r = await invokeSubgraph(sub, inputs, inner.outputs, messages, config, span);
        return { outputs: r.outputs, messages: r.added };
      },
    };
  }
  if (inner.component_type !== 'Agent') {
    throw new RuntimeError('AS_UNSUPPORTED', `${inner.component_type} '${inner.id}' (a remote agent) cannot run in a LangGraph graph`, { node: node.id });
  }
  const agent = inner as Agent;
  const sub = ctx.agentGraph(agent, true);
  const limit = agentRecursionLimit(ctx.limits.maxAgentSteps);
  return {
    subgraphs: [sub],
    run: async ({ inputs, messages, config, span }) => {
      const r = await invokeSubgraph(sub, inputs, agent.outputs, messages, config, span, limit);
      return { outputs: shapeOutputs(node.outputs, r.outputs), messages: r.added };
    },
  };
};
