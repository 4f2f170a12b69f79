import type { BranchingNode } from '@agentspec/core';
import { selectBranch } from '@agentspec/runtime';
import { single } from './simple.js';

/** BranchingNode: its input as a string, looked up in the mapping; no match → `default`. The `.branch` after its step follows the branch. */
export const branchingNode = single<BranchingNode>(async (node, inputs) => {
  const key = node.inputs?.[0]?.title;
  return { outputs: {}, branch: selectBranch(node.mapping, key === undefined ? undefined : inputs[key]) };
});
