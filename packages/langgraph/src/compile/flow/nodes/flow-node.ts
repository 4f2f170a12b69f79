import type { FlowNode } from '@agentspec/core';
import type { NodeHandler } from '../node-handler.js';
import { invokeSubgraph } from './sub-graphs.js';

/** FlowNode: the subflow's compiled graph, on the node's inputs; its outputs and finishing branch. */
export const flowNode: NodeHandler<FlowNode> = (node, { ctx }) => {
  const sub = ctx.flowGraph(node.subflow);
  return {
    subgraphs: [sub],
    run: async ({ inputs, messages, config, span }) => {
      const r = await invokeSubgraph(sub, inputs, node.subflow.outputs, messages, config, span);
      return { outputs: r.outputs, ...(r.branch ? { branch: r.branch } : {}), messages: r.added };
    },
  };
};
