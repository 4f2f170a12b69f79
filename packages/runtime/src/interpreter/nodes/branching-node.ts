import type { BranchingNode } from '@agentspec/core';
import { selectBranch } from '../../semantics/branching.js';
import type { NodeExecutor } from './types.js';

/** BranchingNode: its one input looked up in the mapping; `default` when nothing matches. */
export const branchingNode: NodeExecutor<BranchingNode> = async (node, inputs) => {
  const key = node.inputs?.[0]?.title;
  return { outputs: {}, branch: selectBranch(node.mapping, key === undefined ? undefined : inputs[key]) };
};
