import type { BranchingNode } from '@agentspec/core';
import { selectBranch } from '@agentspec/runtime';
import type { CompiledNode, NodeHandler } from '../node-handler.js';

/** The body of a BranchingNode: its input looked up in the mapping (`default` when nothing matches). */
export function branchingBody(node: BranchingNode): CompiledNode {
  const key = node.inputs?.[0]?.title;
  return {
    run: async ({ inputs }) => ({ outputs: {}, branch: selectBranch(node.mapping, key === undefined ? undefined : inputs[key]) }),
  };
}

/** BranchingNode: its body (branchingBody); a conditional edge follows the branch (or it is folded into the edges leading to it: folded-branching.ts). */
export const branchingNode: NodeHandler<BranchingNode> = (node) => branchingBody(node);
