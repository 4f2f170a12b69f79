import type { UnknownComponent } from '@agentspec/core';
import { dispatchLaterNode } from '@agentspec/runtime';
import { catchExceptionNode } from './catch-exception-node.js';
import { parallelMapNode } from './map-node.js';
import { parallelFlowNode } from './parallel-flow-node.js';
import type { NodeCompiler } from './types.js';

/**
 * The `Unknown` entry of the node compilers: the nodes of later Agent Spec
 * versions this package compiles (MASTRA_CAPABILITIES lists them in `runs`,
 * so admit() lets them through); any other is AS_UNSUPPORTED.
 */
export const laterNode: NodeCompiler<UnknownComponent> = (node, fc) =>
  dispatchLaterNode(node, { ParallelFlowNode: parallelFlowNode, ParallelMapNode: parallelMapNode, CatchExceptionNode: catchExceptionNode }, fc);
