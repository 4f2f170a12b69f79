import type { Flow, Known, Node } from '@agentspec/core';
import { longestPath } from './longest-path.js';

/**
 * How many node executions one run of `flow` makes at most when it can run
 * in process — inside the LangGraph task of the node running it, without a
 * graph of its own (in-process-flow.ts) — else undefined. Decided
 * conservatively from the spec:
 *
 * - it cannot pause: every node is a StartNode, EndNode, LlmNode, ApiNode,
 *   BranchingNode, OutputMessageNode, a ToolNode whose tool is no ClientTool
 *   and requires no confirmation, or a MapNode whose subflow runs in process
 *   too (an InputMessageNode, an AgentNode, a FlowNode, a later version's
 *   node — ParallelFlowNode, ParallelMapNode, CatchExceptionNode — keeps its
 *   graph: it may pause, or runs graphs of its own);
 * - its control flow has no cycle: it runs each node at most once, along one
 *   path from its StartNode, so its longest path (the number returned) bounds
 *   its steps, and the node running it can tell beforehand whether its graph
 *   would stay within the recursion limit.
 */
export function inProcessSteps(flow: Flow): number | undefined {
  if (!flow.nodes.every(canRunInProcess)) return undefined;
  const next = new Map<Node, Node[]>();
  for (const e of flow.control_flow_connections) (next.get(e.from_node) ?? next.set(e.from_node, []).get(e.from_node) as Node[]).push(e.to_node);
  return longestPath([flow.start_node], (node) => (node.component_type === 'EndNode' ? [] : next.get(node) ?? []));
}

function canRunInProcess(node: Node): boolean {
  const n = node as Known<Node>;
  switch (n.component_type) {
    case 'StartNode':
    case 'EndNode':
    case 'LlmNode':
    case 'ApiNode':
    case 'BranchingNode':
    case 'OutputMessageNode':
      return true;
    case 'ToolNode':
      return n.tool.component_type !== 'ClientTool' && n.tool.requires_confirmation !== true;
    case 'MapNode':
      return inProcessSteps(n.subflow) !== undefined;
    default:
      return false;
  }
}
