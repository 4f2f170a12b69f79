import type { BaseMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Flow, Node, NodeKind, OfKind } from '@agentspec/core';
import type { CompileContext } from '../context.js';
import type { GraphState, GraphUpdate, LangGraph } from '../graph-types.js';

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

export interface FlowCompile {
  readonly flow: Flow;
  readonly ctx: CompileContext;
}

export type NodeHandler<N extends Node = Node> = (node: N, fc: FlowCompile) => CompiledNode;

/** One handler per node kind: a node kind added to core does not compile until it is handled here. */
export type NodeHandlers = { readonly [K in NodeKind]: NodeHandler<OfKind<Node, K>> };
