import type { Flow, Known, Node } from '@agentspec/core';

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
  for (const e of flow.control_flow_connections) next.set(e.from_node, [...(next.get(e.from_node) ?? []), e.to_node]);
  const longest = new Map<Node, number>();
  const onPath = new Set<Node>();
  const visit = (node: Node): number | undefined => {
    const known = longest.get(node);
    if (known !== undefined) return known;
    if (onPath.has(node)) return undefined;
    onPath.add(node);
    let most = 0;
    for (const to of node.component_type === 'EndNode' ? [] : next.get(node) ?? []) {
      const n = visit(to);
      if (n === undefined) return undefined;
      most = Math.max(most, n);
    }
    onPath.delete(node);
    longest.set(node, most + 1);
    return most + 1;
  };
  return visit(flow.start_node);
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
