import type { EndNode, StartNode } from '@agentspec/core';
import { finishFlow } from '@agentspec/runtime';
import type { NodeHandler } from '../node-handler.js';

/** StartNode: passes the flow inputs through. */
export const startNode: NodeHandler<StartNode> = () => ({
  run: async ({ inputs }) => ({ outputs: inputs }),
});

/** EndNode: passes its values through, writes the flow outputs (defaults for what it lacks) and finishes on its branch_name. */
export const endNode: NodeHandler<EndNode> = (node, { flow }) => ({
  run: async ({ inputs }) => {
    const { outputs, branch } = finishFlow(flow, node, inputs);
    return { outputs: inputs, branch, update: outputs };
  },
});
