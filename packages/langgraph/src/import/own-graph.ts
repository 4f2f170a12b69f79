/**
 * Graphs compiled by this package give their spec back: each node's
 * metadata holds its component's document and the names of the edges
 * leaving it; where edges go is read from the graph's own edges and
 * conditional edges; subflows and agents from its subgraphs (a fan-out's
 * from its task nodes, its edges from its join). A BranchingNode folded into
 * the edges of the nodes leading to it is in their metadata (`folded`), and
 * so are the control edges of those nodes and its own.
 */
import { PART_METADATA_KEY } from '../compile/flow/fan-out.js';
import { readNodeMetadata, type FoldedNodeMetadata, type NodeMetadata } from '../compile/metadata.js';
import { ref, type Doc, type DocumentBuilder } from './document.js';
import { END_KEY, START_KEY, type StateGraphLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';

export type ImportNested = (graph: unknown) => Promise<Doc>;

/** The Swarm or ManagerWorkers document of a graph compiled from one (its agent nodes carry it). */
export function ownGroup(b: StateGraphLike): Doc | undefined {
  for (const spec of Object.values(b.nodes)) {
    const group = readNodeMetadata(spec.metadata)?.group;
    if (group) return group;
  }
  return undefined;
}

/** The Agent document of a graph compiled from an Agent (its model node carries it). */
export function ownAgent(b: StateGraphLike): Doc | undefined {
  for (const spec of Object.values(b.nodes)) {
    const meta = readNodeMetadata(spec.metadata);
    if (meta?.component.component_type === 'Agent') return meta.component;
  }
  return undefined;
}

/** The metadata of the StartNode of a graph compiled from a Flow. */
export function ownFlow(b: StateGraphLike): NodeMetadata | undefined {
  return Object.values(b.nodes).map((s) => readNodeMetadata(s.metadata)).find((m) => m?.flow !== undefined);
}

export async function ownFlowDocument(b: StateGraphLike, start: NodeMetadata, docs: DocumentBuilder, ctx: ImportContext, nested: ImportNested): Promise<Doc> {
  const metas = new Map<string, NodeMetadata>();
  const idOf = new Map<string, string>();
  const nodes: Doc[] = [];
  const parts = fanOutParts(b);
  for (const [name, spec] of Object.entries(b.nodes)) {
    const meta = readNodeMetadata(spec.metadata);
    if (!meta) {
      if (!parts.of.has(name)) ctx.warn('LG_FOREIGN_NODE', name, `node '${name}' was added to a graph compiled from Agent Spec and is left out`);
      continue;
    }
    const doc = docs.adopt(meta.component);
    const type = doc.component_type;
    const sub = spec.subgraphs?.[0] ?? parts.subgraphs.get(name)?.[0];
    if ((type === 'FlowNode' || type === 'MapNode' || type === 'ParallelMapNode' || type === 'CatchExceptionNode') && sub) doc.subflow = await nested(sub);
    if (type === 'ParallelFlowNode') doc.subflows = await Promise.all((parts.subgraphs.get(name) ?? []).map(nested));
    if (type === 'AgentNode' && sub) doc.agent = await nested(sub);
    metas.set(name, meta);
    idOf.set(name, doc.id as string);
    ctx.reserve(doc.id as string);
    nodes.push(docs.node(doc));
  }
  // folded BranchingNodes, each once, back where the flow lists them
  const folded = new Map<string, FoldedNodeMetadata>();
  for (const meta of metas.values()) for (const f of meta.folded ?? []) if (!metas.has(f.name)) folded.set(f.name, f);
  for (const f of [...folded.values()].sort((a, b) => a.at - b.at)) {
    const doc = docs.adopt(f.component);
    metas.set(f.name, f);
    idOf.set(f.name, doc.id as string);
    ctx.reserve(doc.id as string);
    nodes.splice(Math.min(f.at, nodes.length), 0, docs.node(doc));
  }
  const control: Doc[] = [];
  const edge = (exit: string, to: string, branch: string | null) => {
    // a fan-out's control edges leave from its join
    const from = parts.joinOf.get(exit) ?? exit;
    if (!idOf.has(from) || !idOf.has(to)) return;
    const named = metas.get(from)?.controlEdges?.find((e) => e.to === to && (e.branch ?? 'next') === (branch ?? 'next'));
    const fromBranch = named ? named.branch : branch;
    control.push({
      component_type: 'ControlFlowEdge',
      ...(named?.fields ?? { id: ctx.id(`${from} to ${to}`), name: `${from} to ${to}` }),
      from_node: ref(idOf.get(from) as string),
      ...(fromBranch !== null ? { from_branch: fromBranch } : {}),
      to_node: ref(idOf.get(to) as string),
    });
  };
  for (const [from, to] of b.edges) if (from !== START_KEY && to !== END_KEY) edge(from, to, null);
  // the edges leaving a node with folded BranchingNodes after it, and theirs, as its metadata names them
  const routed = new Set([...metas].filter(([name, m]) => folded.has(name) || (m.folded?.length ?? 0) > 0).map(([name]) => name));
  for (const name of routed) for (const e of metas.get(name)?.controlEdges ?? []) edge(name, e.to, e.branch);
  for (const [source, branches] of Object.entries(b.branches)) {
    if (routed.has(parts.joinOf.get(source) ?? source)) continue;
    for (const branch of Object.values(branches)) for (const [key, target] of Object.entries(branch.ends ?? {})) edge(source, target, key);
  }
  const data: Doc[] = [];
  for (const [name, meta] of metas) {
    for (const e of meta.dataEdges ?? []) {
      data.push({
        component_type: 'DataFlowEdge', ...e.fields,
        source_node: ref(idOf.get(name) as string), source_output: e.output,
        destination_node: ref(idOf.get(e.to) as string), destination_input: e.input,
      });
    }
  }
  const flow = docs.adopt(start.flow as Doc);
  const startId = (start.component.id as string);
  return {
    ...flow,
    start_node: ref(startId),
    nodes,
    control_flow_connections: control,
    data_flow_connections: flow.data_flow_connections === null ? null : data,
  };
}

/**
 * The graph nodes a ParallelFlowNode or ParallelMapNode added besides its
 * own (fan-out.ts, metadata `agentspec_part`): which node each belongs to,
 * the node each join finishes, the subflows' graphs by node (in task order).
 */
function fanOutParts(b: StateGraphLike): { of: Map<string, string>; joinOf: Map<string, string>; subgraphs: Map<string, unknown[]> } {
  const of = new Map<string, string>();
  const joinOf = new Map<string, string>();
  const subgraphs = new Map<string, unknown[]>();
  for (const [name, spec] of Object.entries(b.nodes)) {
    const part = spec.metadata?.[PART_METADATA_KEY] as { of?: unknown; role?: unknown; index?: unknown } | undefined;
    if (typeof part?.of !== 'string') continue;
    of.set(name, part.of);
    if (part.role === 'join') joinOf.set(name, part.of);
    const sub = spec.subgraphs?.[0];
    if (sub) {
      const list = subgraphs.get(part.of) ?? [];
      list[typeof part.index === 'number' ? part.index : 0] = sub;
      subgraphs.set(part.of, list);
    }
  }
  return { of, joinOf, subgraphs };
}
