/**
 * What a compiled graph node says about the Agent Spec component it runs,
 * in its LangGraph node metadata (`metadata.agentspec`, visible in
 * `getGraph()`): the component's document — without its subflow(s) or
 * agent, which are subgraphs — and the data edges leaving it. A node body is code;
 * this is how `importLangGraph` gives a compiled graph its spec back.
 */
import { toDocument, type Component } from '@agentspec/core';

export const METADATA_KEY = 'agentspec';

/** An edge's own fields (id, name, description, metadata). */
export type EdgeFields = Record<string, unknown>;

export interface DataEdgeMetadata {
  readonly fields: EdgeFields;
  readonly output: string;
  /** Graph node name of the destination. */
  readonly to: string;
  readonly input: string;
}

export interface ControlEdgeMetadata {
  readonly fields: EdgeFields;
  /** `from_branch` as the spec has it (null: the default branch). */
  readonly branch: string | null;
  /** Graph node name of the destination. */
  readonly to: string;
}

export interface NodeMetadata {
  /** The Agent Spec document of the component (nested flows and agents left out). */
  readonly component: Record<string, unknown>;
  /** Data edges leaving this node (flows with data edges). */
  readonly dataEdges?: readonly DataEdgeMetadata[];
  /** Names of the control edges leaving this node (where they go is the graph's edges). */
  readonly controlEdges?: readonly ControlEdgeMetadata[];
  /** On a flow's StartNode: the flow's own fields (id, name, inputs, outputs, whether it has data edges). */
  readonly flow?: Record<string, unknown>;
  /** On the agent nodes of a Swarm's or ManagerWorkers' graph: the group's whole document, as given. */
  readonly group?: Record<string, unknown>;
  /** On a node whose edges route through BranchingNodes folded into them (no graph node of their own): theirs. */
  readonly folded?: readonly FoldedNodeMetadata[];
}

/**
 * A BranchingNode folded into the edges of the node whose metadata holds
 * this: the name it would have as a graph node, its index in the flow's
 * nodes, and its metadata.
 */
export interface FoldedNodeMetadata extends NodeMetadata {
  readonly name: string;
  readonly at: number;
}

const NESTED = ['subflow', 'subflows', 'agent'];

/** The document of a component, without its nested flows or agent (those become subgraphs). */
export function componentDocument(component: Component): Record<string, unknown> {
  const doc = toDocument(component);
  for (const k of NESTED) delete doc[k];
  return doc;
}

/** The fields of an edge besides its ends. */
export function edgeFields(edge: { id: string; name: string; description?: string | null; metadata?: unknown }): EdgeFields {
  return {
    id: edge.id,
    name: edge.name,
    ...(edge.description !== undefined && edge.description !== null ? { description: edge.description } : {}),
    ...(edge.metadata !== undefined && edge.metadata !== null ? { metadata: edge.metadata } : {}),
  };
}

/**
 * LangGraph node metadata for a component: `agentspec` holds the component
 * and its edges, written when first read (documents of big flows cost more
 * than compiling them), then kept; `agentspec_type` is the component type, a
 * scalar, so that getGraph().drawMermaid() shows it (it draws scalar metadata
 * only) as `agentspec_type = <ComponentType>`; `agentspec_folded`, the names
 * of the BranchingNodes folded into the node's edges (comma-separated), too.
 */
export function nodeMetadata(componentType: string, make: () => NodeMetadata, folded?: readonly string[]): Record<string, unknown> {
  let made: NodeMetadata | undefined;
  const get = () => (made ??= make());
  const value = {};
  for (const key of ['component', 'dataEdges', 'controlEdges', 'flow', 'group', 'folded'] as const) {
    Object.defineProperty(value, key, { get: () => get()[key], enumerable: true });
  }
  Object.defineProperty(value, 'toString', { value: () => componentType, enumerable: false });
  return { [METADATA_KEY]: value, [`${METADATA_KEY}_type`]: componentType, ...(folded && folded.length > 0 ? { [`${METADATA_KEY}_folded`]: folded.join(', ') } : {}) };
}

export function readNodeMetadata(metadata: Record<string, unknown> | undefined): NodeMetadata | undefined {
  const m = metadata?.[METADATA_KEY] as NodeMetadata | undefined;
  return m && typeof m === 'object' && typeof m.component === 'object' && m.component !== null ? m : undefined;
}
