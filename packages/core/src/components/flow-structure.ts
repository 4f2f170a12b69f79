import type { ControlFlowEdge, Flow, Node, StartNode } from '../model/types.js';
import type { CheckContext } from './handler.js';

/**
 * The control edges leaving each node (at its position in Listed), by branch:
 * the edge itself while a node has one (most nodes; no Map per node), a Map
 * by branch once it has more.
 */
type Outgoing = (ControlFlowEdge | Map<string, ControlFlowEdge> | undefined)[];

/**
 * A flow's nodes, each with a position of its own (where it is first listed,
 * counting distinct nodes): the checks keep what they learn about nodes in
 * lists by position, not in more hash tables.
 */
export type Listed = ReadonlyMap<Node | null | undefined, number>;

export function listNodes(nodes: readonly (Node | null | undefined)[]): Listed {
  const listed = new Map<Node | null | undefined, number>();
  for (let i = 0; i < nodes.length; i++) if (!listed.has(nodes[i])) listed.set(nodes[i], listed.size);
  return listed;
}

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
  const next: Outgoing = new Array<undefined>(listed.size);
  const edges = Array.isArray(f.control_flow_connections) ? f.control_flow_connections : [];
  edges.forEach((e, i) => {
    if (!e) return;
    const fromListed = endListed(f, e, i, 'from_node', listed, ctx);
    const toListed = endListed(f, e, i, 'to_node', listed, ctx);
    if (!fromListed || !toListed || !e.from_node || !e.to_node) return;
    const branch = e.from_branch ?? 'next';
    const branches = e.from_node.branches;
    if (Array.isArray(branches) && !branches.includes(branch)) {
      ctx.report('AS_EDGE_UNKNOWN_BRANCH', f, ['control_flow_connections', i, 'from_branch'],
        `'${branch}' is not a branch of ${e.from_node.component_type} '${e.from_node.id}' (branches: ${branches.join(', ') || 'none'})`);
      return;
    }
    const from = listed.get(e.from_node) as number;
    const known = next[from];
    let byBranch: Map<string, ControlFlowEdge>;
    if (known === undefined) {
      next[from] = e;
      return;
    } else if (known instanceof Map) {
      byBranch = known;
    } else {
      byBranch = new Map([[known.from_branch ?? 'next', known]]);
      next[from] = byBranch;
    }
    if (byBranch.has(branch)) {
      ctx.report('AS_EDGE_DUPLICATE_BRANCH', f, ['control_flow_connections', i], `branch '${branch}' of '${e.from_node.id}' already has a control edge`);
      return;
    }
    byBranch.set(branch, e);
  });
  if (usableStart) checkReachability(f, nodes, usableStart, listed, next, ctx);
  return usableStart;
}

/** Whether an end of a control edge (when set) is one of the flow's nodes; reported when not. */
function endListed(f: Flow, e: ControlFlowEdge, i: number, end: 'from_node' | 'to_node', listed: Listed, ctx: CheckContext): boolean {
  const n = e[end];
  if (!n || listed.has(n)) return true;
  ctx.report('AS_EDGE_UNKNOWN_NODE', f, ['control_flow_connections', i, end], `${end} '${n.id}' is not in this flow's nodes`);
  return false;
}

function checkReachability(f: Flow, nodes: readonly Node[], start: Node, listed: Listed, next: Outgoing, ctx: CheckContext): void {
  // reached nodes by position; edges in `next` join listed nodes only
  const seen = new Uint8Array(listed.size);
  seen[listed.get(start) as number] = 1;
  const stack: Node[] = [start];
  let endReached = false;
  const reach = (e: ControlFlowEdge): void => {
    const to = listed.get(e.to_node) as number;
    if (seen[to] === 0) {
      seen[to] = 1;
      stack.push(e.to_node);
    }
  };
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    if (n.component_type === 'EndNode') endReached = true;
    const out = next[listed.get(n) as number];
    if (!out) continue;
    if (out instanceof Map) for (const e of out.values()) reach(e);
    else reach(out);
  }
  if (!endReached) {
    ctx.report('AS_FLOW_NO_END', f, [], `no EndNode can be reached from start node '${start.id}'`, 'connect a path of control edges to an EndNode');
  }
  nodes.forEach((n, i) => {
    if (n && seen[listed.get(n) as number] === 0) ctx.report('AS_FLOW_UNREACHABLE_NODE', f, ['nodes', i], `node '${n.id}' cannot be reached from the start node`);
  });
}
