import type { BaseMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Flow, Node, NodeKind, OfKind } from '@agentspec/core';
import type { CompileContext } from '../context.js';
import type { GraphState, GraphUpdate, LangGraph } from '../graph-types.js';
import type { SubflowRun } from './in-process-flow.js';

/** What a node body gets when it runs. */
export interface NodeRun {
  /** The node's inputs, resolved (coerced, defaults applied). */
  readonly inputs: Record<string, unknown>;
  readonly state: GraphState;
  /** The conversation so far. */
  readonly messages: readonly BaseMessage[];
  readonly config: LangGraphRunnableConfig;
  /** The node's span, when events are on. */
  readonly span: string | undefined;
}

/** What a node body produced. */
export interface NodeOutcome {
  readonly outputs: Record<string, unknown>;
  /** Default `next`. */
  readonly branch?: string;
  /** Messages the node adds to the conversation. */
  readonly messages?: readonly BaseMessage[];
  /** Other state keys to write (an EndNode writes the flow outputs). */
  readonly update?: GraphUpdate;
}

/** A node kind compiled: its body, and what LangGraph should know about it. */
export interface CompiledNode {
  readonly run: (r: NodeRun) => Promise<NodeOutcome>;
  /** Graphs the body invokes (shown by `getGraph({ xray: true })`, found by `importLangGraph`). */
  readonly subgraphs?: readonly LangGraph[];
}

/**
 * A ParallelFlowNode or ParallelMapNode: not one graph node but a fan-out
 * (fan-out.ts) — its own node computes the tasks, they run as LangGraph
 * tasks of the next step (a graph node per subflow, or one node run by a
 * `Send` per iteration), a join node gives the node's outputs.
 */
export interface FanOut {
  /** `branches`: a graph node per subflow, all run in one step; `sends`: one graph node, run by a `Send` per task. */
  readonly kind: 'branches' | 'sends';
  /** The subflow of each branch, or the one subflow every Send runs. */
  readonly subflows: readonly Flow[];
  /** Their compiled graphs, in the same order. */
  readonly graphs: readonly LangGraph[];
  /** How a task runs its subflow, in the same order, where not by invoking its graph (a ParallelMapNode's iterations: subflowRun). */
  readonly runs?: readonly SubflowRun[];
  /**
   * Whether a run with the node task's config runs all the tasks in that task
   * instead (each in process: `runs`), at most limits.parallelism at once —
   * no Send, no task of their own; the join then has nothing left to do.
   */
  readonly inOneTask?: (config: LangGraphRunnableConfig) => boolean;
  /** The inputs of each task of a run of the node, from the node's inputs. */
  tasks(inputs: Readonly<Record<string, unknown>>): Record<string, unknown>[];
  /** The node's outputs from the outputs of its tasks, in task order. */
  outputs(results: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown>;
}

/** A node kind compiled to a fan-out rather than one node body. */
export interface FanOutNode {
  readonly fanOut: FanOut;
}

export interface FlowCompile {
  readonly flow: Flow;
  readonly ctx: CompileContext;
}

export type NodeHandler<N extends Node = Node> = (node: N, fc: FlowCompile) => CompiledNode | FanOutNode;

/** One handler per node kind: a node kind added to core does not compile until it is handled here. */
export type NodeHandlers = { readonly [K in NodeKind]: NodeHandler<OfKind<Node, K>> };
