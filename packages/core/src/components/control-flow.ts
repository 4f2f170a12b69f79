import type { ControlFlowEdge, Flow, Node } from '../model/types.js';
import type { CheckContext } from './handler.js';

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
 * The control edges leaving each node (at its position in Listed), by branch:
 * the edge itself while a node has one (most nodes; no Map per node), a Map
 * by branch once it has more.
 */
export type Outgoing = (ControlFlowEdge | Map<string, ControlFlowEdge> | undefined)[];

/**
 * The control edges control can take: those between listed nodes, on a
 * branch of the node they leave, the first one of each branch. Every other
 * edge is reported to `ctx` when given (AS_EDGE_UNKNOWN_NODE,
 * AS_EDGE_UNKNOWN_BRANCH, AS_EDGE_DUPLICATE_BRANCH).
 */
export function controlEdges(f: Flow, listed: Listed, ctx?: CheckContext): Outgoing {
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
      ctx?.report('AS_EDGE_UNKNOWN_BRANCH', f, ['control_flow_connections', i, 'from_branch'],
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
      ctx?.report('AS_EDGE_DUPLICATE_BRANCH', f, ['control_flow_connections', i], `branch '${branch}' of '${e.from_node.id}' already has a control edge`);
      return;
    }
    byBranch.set(branch, e);
  });
  return next;
}

/** Whether an end of a control edge (when set) is one of the flow's nodes; reported when not (to `ctx` when given). */
function endListed(f: Flow, e: ControlFlowEdge, i: number, end: 'from_node' | 'to_node', listed: Listed, ctx: CheckContext | undefined): boolean {
  const n = e[end];
  if (!n || listed.has(n)) return true;
  ctx?.report('AS_EDGE_UNKNOWN_NODE', f, ['control_flow_connections', i, end], `${end} '${n.id}' is not in this flow's nodes`);
  return false;
}

/** What control reaches from a node: `seen`, 1 at the position of each node reached; whether an EndNode is among them. */
export interface Reached {
  readonly seen: Uint8Array;
  readonly endReached: boolean;
}

/**
 * The nodes reached from `start` (a listed node) along `next`: a depth-first
 * walk keeping what it reached by position in `listed`, no hash table of its
 * own (edges in `next` join listed nodes only).
 */
export function reachFrom(start: Node, listed: Listed, next: Outgoing): Reached {
  const seen = new Uint8Array(listed.size);
  seen[listed.get(start) as number] = 1;
  const stack: Node[] = [start];
  const reach = (e: ControlFlowEdge): void => {
    const to = listed.get(e.to_node) as number;
    if (seen[to] === 0) {
      seen[to] = 1;
      stack.push(e.to_node);
    }
  };
  let endReached = false;
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    if (n.component_type === 'EndNode') endReached = true;
    const out = next[listed.get(n) as number];
    if (!out) continue;
    if (out instanceof Map) for (const e of out.values()) reach(e);
    else reach(out);
  }
  return { seen, endReached };
}

/**
 * The nodes control can reach from a flow's start node (the start node
 * included), in the order of `flow.nodes`: the nodes a runtime can ever run.
 * Validation reports every other listed node (AS_FLOW_UNREACHABLE_NODE).
 * Control goes along the edges validation accepts: an edge with an end that
 * is not one of the flow's nodes, or on a branch its node does not have, is
 * not followed, nor a second edge on the same branch. A flow whose start
 * node is missing, or not among its nodes, reaches no node.
 */
export function reachableNodes(flow: Flow): Set<Node> {
  const listed = listNodes(Array.isArray(flow.nodes) ? flow.nodes : []);
  const out = new Set<Node>();
  const start = flow.start_node;
  if (!start || !listed.has(start)) return out;
  const { seen } = reachFrom(start, listed, controlEdges(flow, listed));
  for (const [n, i] of listed) if (n && seen[i] === 1) out.add(n);
  return out;
}
