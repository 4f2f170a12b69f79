import { laterComponent, type UnknownComponent } from '@agentspec/core';
import { refuseUnknown } from '@agentspec/runtime';
import { catchExceptionNode } from './catch-exception-node.js';
import { parallelMapNode } from './map-node.js';
import { parallelFlowNode } from './parallel-flow-node.js';
import type { NodeCompiler } from './types.js';

/**
 * The `Unknown` entry of the node compilers: the nodes of later Agent Spec
 * versions this package compiles (MASTRA_CAPABILITIES lists them in `runs`,
 * so admit() lets them through); any other is AS_UNSUPPORTED.
 */
export const laterNode: NodeCompiler<UnknownComponent> = (node, fc) => {
  const parallelFlow = laterComponent(node, 'ParallelFlowNode');
  if (parallelFlow) return parallelFlowNode(parallelFlow, fc);
  const parallelMap = laterComponent(node, 'ParallelMapNode');
  if (parallelMap) return parallelMapNode(parallelMap, fc);
  const catching = laterComponent(node, 'CatchExceptionNode');
  if (catching) return catchExceptionNode(catching, fc);
  return refuseUnknown(node);
};
