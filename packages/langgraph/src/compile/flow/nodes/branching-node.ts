import type { BranchingNode } from '@agentspec/core';
import { selectBranch } from '@agentspec/runtime';
import type { NodeHandler } from '../node-handler.js';

/** BranchingNode: its input looked up in the mapping (`default` when nothing matches); a conditional edge follows the branch. */
export const branchingNode: NodeHandler<BranchingNode> = (node) => {
  const key = node.inputs?.[0]?.title;
  return {
    run: async ({ inputs }) => ({ outputs: {}, branch: selectBranch(node.mapping, key === undefined ? undefined : inputs[key]) }),
  };
};
