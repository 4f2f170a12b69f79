import { laterComponent, type AgentNode } from '@agentspec/core';
import { admitted, shapeOutputs, unsupportedComponent } from '@agentspec/runtime';
import { LANGGRAPH_CAPABILITIES } from '../../../capabilities.js';
import { agentRecursionLimit } from '../../agent/agent-limits.js';
import type { NodeHandler } from '../node-handler.js';
import { invokeSubgraph } from './sub-graphs.js';

/**
 * AgentNode: the agent's graph (or a Flow's) as a subgraph on the node's
 * inputs, sharing the flow's conversation: it sees the messages so far and
 * its own join them. An agent without outputs ends on its first text reply.
 */
export const agentNode: NodeHandler<AgentNode> = (node, { ctx }) => {
  const remote = laterComponent(node.agent, 'A2AAgent');
  if (remote) {
    // an A2AAgent: its exchanges with the remote agent as a subgraph (a2a-graph.ts)
    const sub = ctx.a2aGraph(remote);
    return {
      subgraphs: [sub],
      run: async ({ inputs, messages, config, span }) => {
        const r = await invokeSubgraph(sub, inputs, remote.outputs, messages, config, span);
        return { outputs: shapeOutputs(node.outputs, r.outputs), messages: r.added };
      },
    };
  }
  const inner = admitted(node.agent);
  if (inner.component_type === 'Flow') {
    const sub = ctx.flowGraph(inner);
    return {
      subgraphs: [sub],
      run: async ({ inputs, messages, config, span }) => {
        const r = await invokeSubgraph(sub, inputs, inner.outputs, messages, config, span);
        return { outputs: r.outputs, messages: r.added };
      },
    };
  }
  if (inner.component_type !== 'Agent') throw unsupportedComponent(inner, LANGGRAPH_CAPABILITIES.compile);
  const agent = inner;
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
