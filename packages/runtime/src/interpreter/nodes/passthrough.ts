import type { EndNode, StartNode } from '@agentspec/core';
import type { NodeExecutor } from './types.js';

/** StartNode and EndNode pass their values through. */
export const startNode: NodeExecutor<StartNode> = async (_node, inputs) => ({ outputs: inputs });
export const endNode: NodeExecutor<EndNode> = async (_node, inputs) => ({ outputs: inputs });
