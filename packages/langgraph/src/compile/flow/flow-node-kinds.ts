import { isUnknownComponent, laterComponent, type CatchExceptionNode, type Known, type Node, type ParallelFlowNode, type ParallelMapNode } from '@agentspec/core';
import { unsupportedComponent } from '@agentspec/runtime';
import { LANGGRAPH_CAPABILITIES, LANGGRAPH_LATER_NODES } from '../../capabilities.js';

/** The nodes of later Agent Spec versions this compiler maps to LangGraph (LANGGRAPH_LATER_NODES). */
export type LaterNode = ParallelFlowNode | ParallelMapNode | CatchExceptionNode;

/** A node of a flow as the compiler sees it: a built-in one or a later one it maps. */
export type FlowGraphNode = Known<Node> | LaterNode;

/** The node typed as what it is; a component of no type this compiler maps is AS_UNSUPPORTED (admit() refused it first). */
export function graphNode(node: Node): FlowGraphNode {
  if (!isUnknownComponent(node)) return node as Known<Node>;
  for (const type of LANGGRAPH_LATER_NODES) {
    const later = laterComponent(node, type);
    if (later) return later;
  }
  throw unsupportedComponent(node, LANGGRAPH_CAPABILITIES.compile);
}
