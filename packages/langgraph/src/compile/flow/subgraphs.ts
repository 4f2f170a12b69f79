import type { Component, Flow, Node, ParallelFlowNode, ParallelMapNode } from '@agentspec/core';
import { fanOutShape } from './fan-out.js';
import type { FlowGraphNode } from './flow-node-kinds.js';

type Kind = FlowGraphNode['component_type'];

/** The subgraphs a node of one kind runs. */
type Subgraphs<K extends Kind> = (node: Extract<FlowGraphNode, { component_type: K }>) => readonly Component[];

/** A fan-out's subflows, as its compiled graph runs them (fan-out.ts). */
function fanOutSubflows(node: ParallelFlowNode | ParallelMapNode): readonly Flow[] {
  return fanOutShape(node as unknown as Node)?.subflows ?? [];
}

/**
 * For every node kind the compiler maps, what a node of it runs besides its
 * own step: 'leaf' (no subgraph), or the subgraphs it runs — its subflow(s),
 * or its agent (whose graph comes from flowNodes in emitted code). Every kind
 * is listed (the type requires it): a kind missing here is no leaf.
 */
const SUBGRAPHS: { readonly [K in Kind]: 'leaf' | Subgraphs<K> } = {
  StartNode: 'leaf',
  EndNode: 'leaf',
  LlmNode: 'leaf',
  ToolNode: 'leaf',
  ApiNode: 'leaf',
  BranchingNode: 'leaf',
  InputMessageNode: 'leaf',
  OutputMessageNode: 'leaf',
  FlowNode: (n) => [n.subflow],
  MapNode: (n) => [n.subflow],
  AgentNode: (n) => [n.agent],
  CatchExceptionNode: (n) => [n.subflow],
  ParallelFlowNode: fanOutSubflows,
  ParallelMapNode: fanOutSubflows,
};

function entryOf(node: Node): 'leaf' | Subgraphs<Kind> | undefined {
  return Object.hasOwn(SUBGRAPHS, node.component_type) ? SUBGRAPHS[node.component_type as Kind] as 'leaf' | Subgraphs<Kind> : undefined;
}

/** The subgraphs a node runs: a FlowNode's or MapNode's subflow, an AgentNode's agent, a CatchExceptionNode's subflow, a fan-out's subflows; none for any other node. */
export function subgraphsOf(node: Node): readonly Component[] {
  const entry = entryOf(node);
  return entry === undefined || entry === 'leaf' ? [] : entry(node as FlowGraphNode);
}

/**
 * Whether `node` is of a kind known to run no subgraph (a leaf kind). Not a
 * node of a kind that runs subgraphs, even when it has none (a
 * ParallelFlowNode without subflows), nor one of a kind the compiler does
 * not map.
 */
export function runsNoSubgraph(node: Node): boolean {
  return entryOf(node) === 'leaf';
}
