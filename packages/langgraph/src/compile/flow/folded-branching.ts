/**
 * BranchingNodes folded into the conditional edges of their predecessors
 * (DESIGN §4.4): a BranchingNode only decides where the flow goes, so the
 * edges leaving each node that leads to it route through it — the path
 * function runs the BranchingNode (its inputs, selectBranch, its node span,
 * AS_NO_TRANSITION) in the predecessor's task and goes to the node its branch
 * leads to (through the next folded BranchingNode, if that is one). The flow
 * takes one LangGraph step per decision, as a graph written by hand with
 * `addConditionalEdges` does, rather than two.
 *
 * Folded only where that changes nothing the flow can observe: in a flow
 * without cycles whose graph cannot take more steps than `limits.maxSteps`
 * (the recursion limit), so the limit is never reached with or without the
 * BranchingNode's own step; and where each predecessor is a node of its own
 * (not the join of a fan-out) and there is one. Else the BranchingNode stays
 * a graph node.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BranchingNode, Flow, Node } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import { eventsOn } from '../events.js';
import type { GraphState } from '../graph-types.js';
import { fanOutShape } from './fan-out.js';
import { routesOnBranch, type Transitions } from './flow-edges.js';
import type { FlowData } from './flow-data.js';
import { longestPath } from './longest-path.js';
import { flowSpanId, NodeStep } from './node-action.js';
import type { CompiledNode } from './node-handler.js';
import { branchingBody } from './nodes/branching-node.js';

/** LangGraph steps a node can take at most in one run of an acyclic flow: 3 for a fan-out (its node, its tasks, its join). */
function stepsOf(node: Node): number {
  return fanOutShape(node) ? 3 : 1;
}

/** Whether the flow's control edges make a cycle. */
function hasCycle(flow: Flow, transitions: Transitions): boolean {
  return longestPath(flow.nodes, (n) => transitions.get(n)?.values() ?? []) === undefined;
}

/** The BranchingNodes of `flow` folded into their predecessors' edges (see the module's comment). */
export function foldedBranchingNodes(flow: Flow, transitions: Transitions, maxSteps: number): ReadonlySet<Node> {
  const branching = flow.nodes.filter((n) => n.component_type === 'BranchingNode');
  if (branching.length === 0) return new Set();
  let bound = 0;
  for (const n of flow.nodes) bound += stepsOf(n);
  if (bound > maxSteps || hasCycle(flow, transitions)) return new Set();
  // not after a fan-out (its edges leave from its join); not without a node leading to it (whose metadata would hold it)
  const led = new Set<Node>();
  const refused = new Set<Node>();
  for (const [from, leaving] of transitions) {
    for (const to of leaving.values()) {
      led.add(to);
      if (fanOutShape(from)) refused.add(to);
    }
  }
  return new Set(branching.filter((n) => led.has(n) && !refused.has(n)));
}

/**
 * The folded BranchingNodes of a flow, and the path functions of the edges
 * leaving their predecessors.
 */
export class FoldedBranching {
  /** Each folded BranchingNode: its body, its step (node-action.ts), where its branches lead, its position in the task running it. */
  private readonly steps = new Map<Node, { compiled: CompiledNode; step: NodeStep; leaving: ReadonlyMap<string, Node>; position: string }>();
  private index: Map<Node, number> | undefined;

  constructor(
    private readonly flow: Flow,
    readonly folded: ReadonlySet<Node>,
    data: FlowData,
    private readonly transitions: Transitions,
  ) {
    for (const n of folded) {
      this.steps.set(n, { compiled: branchingBody(n as BranchingNode), step: new NodeStep(flow, n, data, transitions), leaving: transitions.get(n) ?? new Map(), position: `NodeExecutionStart:${n.id}` });
    }
  }

  /** Whether an edge leaving `node` leads to a folded BranchingNode. */
  routesThrough(node: Node): boolean {
    if (this.folded.size === 0 || this.folded.has(node)) return false;
    for (const to of this.transitions.get(node)?.values() ?? []) if (this.folded.has(to)) return true;
    return false;
  }

  /** The folded BranchingNodes an edge leaving `node` can pass, in the flow's order. */
  foldedAfter(node: Node): Node[] {
    const passed = new Set<Node>();
    const visit = (n: Node) => {
      for (const to of this.transitions.get(n)?.values() ?? []) {
        if (this.folded.has(to) && !passed.has(to)) {
          passed.add(to);
          visit(to);
        }
      }
    };
    visit(node);
    return [...passed].sort((a, b) => this.indexOf(a) - this.indexOf(b));
  }

  /** A node's index in the flow's nodes. */
  indexOf(node: Node): number {
    if (!this.index) this.index = new Map(this.flow.nodes.map((n, i) => [n, i]));
    return this.index.get(node) as number;
  }

  /** The nodes an edge leaving `node` can end at, past the folded BranchingNodes it leads to. */
  targets(node: Node): Node[] {
    const out = new Set<Node>();
    const passed = new Set<Node>();
    const visit = (n: Node) => {
      for (const to of this.transitions.get(n)?.values() ?? []) {
        if (!this.folded.has(to)) out.add(to);
        else if (!passed.has(to)) {
          passed.add(to);
          visit(to);
        }
      }
    };
    visit(node);
    return [...out];
  }

  /**
   * The path function of the edges leaving `from`: the branch it finished on
   * (the only one it has, or the state's), then each folded BranchingNode on
   * the way run as its graph node would run it; the graph node name of the
   * node it ends at.
   */
  route(from: Node, nameOf: (node: Node) => string): (state: GraphState, config: LangGraphRunnableConfig) => Promise<string> {
    const leaving = this.transitions.get(from) as ReadonlyMap<string, Node>;
    const only = routesOnBranch(from, leaving) ? undefined : ([...leaving.keys()][0] as string);
    return async (state: GraphState, config: LangGraphRunnableConfig): Promise<string> => {
      let to = leaving.get(only ?? (state[CHANNELS.branch] as string)) as Node;
      for (let folded = this.steps.get(to); folded !== undefined; folded = this.steps.get(to)) {
        const flowSpan = eventsOn(config) ? flowSpanId(config) : undefined;
        const { branch } = await folded.step.run(folded.compiled, state, config, flowSpan, folded.position);
        to = folded.leaving.get(branch) as Node;
      }
      return nameOf(to);
    };
  }
}
