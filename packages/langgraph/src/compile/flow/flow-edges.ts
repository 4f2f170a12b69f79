import { END, START } from '@langchain/langgraph';
import type { Flow, Node } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import type { GraphBuilder, GraphState } from '../graph-types.js';
import type { CompileWarning } from '../options.js';
import type { FoldedBranching } from './folded-branching.js';
import { graphNode } from './flow-node-kinds.js';

/** The node each branch of a node leads to. */
export type Transitions = Map<Node, Map<string, Node>>;

export function transitionsOf(flow: Flow): Transitions {
  const out: Transitions = new Map();
  for (const e of flow.control_flow_connections) {
    let m = out.get(e.from_node);
    if (!m) out.set(e.from_node, (m = new Map()));
    m.set(e.from_branch ?? 'next', e.to_node);
  }
  return out;
}

/**
 * A warning per node of `flow` that is not `reachable`: such a node is left
 * out of the graph, since LangGraph refuses a graph node no edge leads to
 * (compile() throws "Node `x` is not reachable"); it could never run.
 */
export function unreachableWarnings(flow: Flow, reachable: ReadonlySet<Node>): CompileWarning[] {
  return flow.nodes.filter((n) => !reachable.has(n)).map((n) => ({
    kind: 'unsupported',
    component: n.id,
    message: `node '${n.id}' of flow '${flow.id}' cannot be reached from its start node (AS_FLOW_UNREACHABLE_NODE), so it could never run: it is left out of the graph, since LangGraph refuses a node no edge leads to`,
  }));
}

/** Whether a node's control flow needs a conditional edge (several branches, or one other than its only branch). */
export function routesOnBranch(node: Node, leaving: ReadonlyMap<string, Node> | undefined): boolean {
  if (!leaving || leaving.size === 0) return false;
  const { branches } = graphNode(node);
  const only = branches?.[0] ?? 'next';
  return leaving.size > 1 || (branches ?? ['next']).length > 1 || !leaving.has(only);
}

function routeOnBranch(state: GraphState): string {
  return state[CHANNELS.branch] as string;
}

/**
 * The control flow as LangGraph edges: START to the StartNode, EndNodes to
 * END, a node with one branch by a plain edge, a node with several by a
 * conditional edge on the branch it finished on, with a path map from branch
 * names to nodes (a branch without an edge is refused by the node itself:
 * AS_NO_TRANSITION). Edges lead to a node's graph node (`names`) and leave
 * from where it finishes (`exits`: the join of a fan-out, else the same).
 * A folded BranchingNode (`folding`) has no graph node: the edges leaving a
 * node that leads to one route through it (folded-branching.ts).
 */
export function addControlEdges(builder: GraphBuilder, flow: Flow, names: ReadonlyMap<Node, string>, transitions: Transitions, exits: ReadonlyMap<Node, string> = names, folding?: FoldedBranching, reachable?: ReadonlySet<Node>): void {
  const name = (n: Node) => names.get(n) as string;
  const exit = (n: Node) => exits.get(n) as string;
  // StateGraph.addEdge scans every edge added so far (O(E) a call), which makes
  // big flows quadratic to build: plain edges go straight into its public edge
  // set, which is all addEdge does for a StateGraph; compile() validates them.
  const addEdge = (from: string, to: string) => void builder.edges.add([from, to]);
  addEdge(START, name(flow.start_node));
  for (const node of flow.nodes) {
    if (reachable && !reachable.has(node)) continue;
    if (node.component_type === 'EndNode') {
      addEdge(name(node), END);
      continue;
    }
    const leaving = transitions.get(node);
    if (!leaving || leaving.size === 0 || folding?.folded.has(node)) continue;
    if (folding?.routesThrough(node)) {
      builder.addConditionalEdges(exit(node), folding.route(node, name), folding.targets(node).map(name));
      continue;
    }
    if (!routesOnBranch(node, leaving)) {
      addEdge(exit(node), name([...leaving.values()][0] as Node));
      continue;
    }
    const pathMap: Record<string, string> = {};
    for (const [b, to] of leaving) pathMap[b] = name(to);
    builder.addConditionalEdges(exit(node), routeOnBranch, pathMap);
  }
}
