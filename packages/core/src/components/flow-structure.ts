import type { Flow, Node, StartNode } from '../model/types.js';
import { controlEdges, reachFrom, type Listed, type Outgoing } from './control-flow.js';
import type { CheckContext } from './handler.js';

/**
 * Structure of a flow's control graph: one StartNode, listed; edges between
 * listed nodes on existing branches, one per branch; an EndNode reachable.
 * Returns the start node when it is usable for further checks. `listed` is
 * the set of the flow's nodes (made once for this and checkFlowData).
 */
export function checkFlowStructure(f: Flow, ctx: CheckContext, listed: Listed): StartNode | undefined {
  const nodes = Array.isArray(f.nodes) ? f.nodes : [];
  let starts = 0;
  nodes.forEach((n, i) => {
    if (n?.component_type === 'StartNode' && ++starts > 1) {
      ctx.report('AS_FLOW_MULTIPLE_START', f, ['nodes', i], 'a flow has exactly one StartNode; this is another one');
    }
  });
  const start = f.start_node;
  let usableStart: StartNode | undefined;
  if (start) {
    if (start.component_type !== 'StartNode') {
      ctx.report('AS_FLOW_START_NOT_START_NODE', f, ['start_node'], `start_node is a ${start.component_type}, not a StartNode`);
    } else if (!listed.has(start)) {
      ctx.report('AS_FLOW_START_MISSING', f, ['start_node'], `start_node '${start.id}' is not listed in nodes`, 'add the start node to nodes');
    } else {
      usableStart = start;
    }
  }
  const next = controlEdges(f, listed, ctx);
  if (usableStart) checkReachability(f, nodes, usableStart, listed, next, ctx);
  return usableStart;
}

/** AS_FLOW_NO_END when no EndNode is reached from `start`, AS_FLOW_UNREACHABLE_NODE for each node not reached. */
function checkReachability(f: Flow, nodes: readonly Node[], start: Node, listed: Listed, next: Outgoing, ctx: CheckContext): void {
  const { seen, endReached } = reachFrom(start, listed, next);
  if (!endReached) {
    ctx.report('AS_FLOW_NO_END', f, [], `no EndNode can be reached from start node '${start.id}'`, 'connect a path of control edges to an EndNode');
  }
  nodes.forEach((n, i) => {
    if (n && seen[listed.get(n) as number] === 0) ctx.report('AS_FLOW_UNREACHABLE_NODE', f, ['nodes', i], `node '${n.id}' cannot be reached from the start node`);
  });
}
