import type { Agent, Component, Flow, Node } from '@agentspec/core';

/** A component with structure as a plain graph: the shape every renderer draws. */
export interface PlainGraph {
  readonly title: string;
  readonly nodes: readonly { readonly id: string; readonly label: string; readonly kind: string }[];
  readonly edges: readonly { readonly from: string; readonly to: string; readonly label?: string; readonly data?: boolean }[];
  /** Nested graphs: `id` names the subgraph, `anchor` (default `id`) the node it belongs to. */
  readonly subgraphs: readonly { readonly id: string; readonly graph: PlainGraph; readonly anchor?: string }[];
}

type Record_ = Record<string, unknown>;
const rec = (c: unknown) => c as Record_;
const isComponent = (v: unknown): v is Component => typeof v === 'object' && v !== null && typeof (v as Record_).component_type === 'string';

/** Nodes holding one subflow (drawn nested), by type. */
const ONE_SUBFLOW = new Set(['FlowNode', 'MapNode', 'ParallelMapNode', 'CatchExceptionNode']);

/**
 * The control flow (solid, labelled with non-`next` branches: a
 * CatchExceptionNode's `caught_exception_branch` path among them) and data
 * flow (dashed) of a flow; the subflows of FlowNode, MapNode, ParallelMapNode
 * and CatchExceptionNode nested, and each branch of a ParallelFlowNode.
 */
export function flowGraph(flow: Flow, prefix = ''): PlainGraph {
  const id = (n: Node) => `${prefix}${sanitize(n.id)}`;
  const subgraphs: { id: string; graph: PlainGraph; anchor?: string }[] = [];
  for (const n of flow.nodes) {
    const node = rec(n);
    if (ONE_SUBFLOW.has(n.component_type) && isComponent(node.subflow)) {
      subgraphs.push({ id: id(n), graph: flowGraph(node.subflow as Flow, `${id(n)}__`) });
    } else if (n.component_type === 'ParallelFlowNode' && Array.isArray(node.subflows)) {
      (node.subflows as Flow[]).forEach((s, i) => {
        const sub = `${id(n)}__p${i}`;
        subgraphs.push({ id: sub, anchor: id(n), graph: { ...flowGraph(s, `${sub}__`), title: `${s.name} (parallel branch ${i + 1} of ${n.name})` } });
      });
    }
  }
  return {
    title: flow.name,
    nodes: flow.nodes.map((n) => ({ id: id(n), label: n.name, kind: n.component_type })),
    edges: [
      ...flow.control_flow_connections.map((e) => ({
        from: id(e.from_node), to: id(e.to_node), ...(e.from_branch && e.from_branch !== 'next' ? { label: e.from_branch } : {}),
      })),
      ...(flow.data_flow_connections ?? []).map((e) => ({
        from: id(e.source_node), to: id(e.destination_node), label: `${e.source_output} → ${e.destination_input}`, data: true,
      })),
    ],
    subgraphs,
  };
}

/** An agent with its tools and toolboxes. */
export function agentGraph(agent: Agent): PlainGraph {
  const a = sanitize(agent.id);
  const toolboxes = (Array.isArray(rec(agent).toolboxes) ? rec(agent).toolboxes : []) as Component[];
  const held = [...agent.tools, ...toolboxes];
  return {
    title: agent.name,
    nodes: [{ id: a, label: agent.name, kind: 'Agent' }, ...held.map((t) => ({ id: `${a}__${sanitize(t.id)}`, label: t.name, kind: t.component_type }))],
    edges: held.map((t) => ({ from: a, to: `${a}__${sanitize(t.id)}` })),
    subgraphs: [],
  };
}

/** Agents of a multi-agent component, once each, drawn with what they hold (an agent's tools, a nested flow). */
class AgentSet {
  readonly nodes: { id: string; label: string; kind: string }[] = [];
  readonly edges: { from: string; to: string; label?: string }[] = [];
  readonly subgraphs: { id: string; graph: PlainGraph }[] = [];
  private readonly seen = new Set<string>();

  add(c: Component): string {
    const id = sanitize(c.id);
    if (this.seen.has(id)) return id;
    this.seen.add(id);
    this.nodes.push({ id, label: c.name, kind: c.component_type });
    const inner = componentGraph(c);
    if (inner && (inner.nodes.length > 1 || inner.subgraphs.length > 0)) this.subgraphs.push({ id, graph: prefixed(inner, `${id}__`) });
    return id;
  }
}

const HANDOFF: Record<string, string> = { never: 'send_message', optional: 'send_message / handoff', always: 'handoff' };

/** A Swarm: the user talks to first_agent; each relationship is an arrow caller → recipient, labelled by the handoff mode. */
export function swarmGraph(swarm: Component): PlainGraph {
  const s = rec(swarm);
  const agents = new AgentSet();
  const user = `${sanitize(swarm.id)}__user`;
  agents.nodes.push({ id: user, label: 'user', kind: 'User' });
  const handoff = s.handoff === false ? 'never' : s.handoff === true || s.handoff === undefined ? 'optional' : String(s.handoff);
  if (isComponent(s.first_agent)) agents.edges.push({ from: user, to: agents.add(s.first_agent), label: 'first agent' });
  for (const pair of (Array.isArray(s.relationships) ? s.relationships : []) as unknown[][]) {
    const [from, to] = pair;
    if (isComponent(from) && isComponent(to)) agents.edges.push({ from: agents.add(from), to: agents.add(to), label: HANDOFF[handoff] ?? handoff });
  }
  return { title: swarm.name, nodes: agents.nodes, edges: agents.edges, subgraphs: agents.subgraphs };
}

/** A ManagerWorkers: the group manager delegates to each worker. */
export function managerWorkersGraph(mw: Component): PlainGraph {
  const m = rec(mw);
  const agents = new AgentSet();
  const manager = isComponent(m.group_manager) ? agents.add(m.group_manager) : undefined;
  for (const w of (Array.isArray(m.workers) ? m.workers : []) as unknown[]) {
    if (isComponent(w)) {
      const worker = agents.add(w);
      if (manager) agents.edges.push({ from: manager, to: worker, label: 'delegates' });
    }
  }
  return { title: mw.name, nodes: agents.nodes, edges: agents.edges, subgraphs: agents.subgraphs };
}

/** A SpecializedAgent: its agent, specialized by the parameters (and their additional tools). */
export function specializedAgentGraph(sa: Component): PlainGraph {
  const s = rec(sa);
  const agents = new AgentSet();
  const self = sanitize(sa.id);
  agents.nodes.push({ id: self, label: sa.name, kind: 'SpecializedAgent' });
  if (isComponent(s.agent)) agents.edges.push({ from: self, to: agents.add(s.agent), label: 'specializes' });
  const params = s.agent_specialization_parameters;
  if (isComponent(params)) {
    for (const t of (Array.isArray(rec(params).additional_tools) ? rec(params).additional_tools : []) as unknown[]) {
      if (isComponent(t)) agents.edges.push({ from: self, to: agents.add(t), label: 'additional tool' });
    }
  }
  return { title: sa.name, nodes: agents.nodes, edges: agents.edges, subgraphs: agents.subgraphs };
}

/** The graph of any component that has structure; undefined for one that has none (a tool, an LLM config, …). */
export function componentGraph(c: Component): PlainGraph | undefined {
  switch (c.component_type) {
    case 'Flow': return flowGraph(c as Flow);
    case 'Agent': return agentGraph(c as Agent);
    case 'Swarm': return swarmGraph(c);
    case 'ManagerWorkers': return managerWorkersGraph(c);
    case 'SpecializedAgent': return specializedAgentGraph(c);
    default: return undefined;
  }
}

/** The graph with every node id prefixed (to nest it without clashing with the ids around it). */
function prefixed(g: PlainGraph, prefix: string): PlainGraph {
  return {
    title: g.title,
    nodes: g.nodes.map((n) => ({ ...n, id: `${prefix}${n.id}` })),
    edges: g.edges.map((e) => ({ ...e, from: `${prefix}${e.from}`, to: `${prefix}${e.to}` })),
    subgraphs: g.subgraphs.map((sg) => ({ id: `${prefix}${sg.id}`, graph: prefixed(sg.graph, prefix), ...(sg.anchor ? { anchor: `${prefix}${sg.anchor}` } : {}) })),
  };
}

function sanitize(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_');
}
