import { isUnknownComponent, type Agent, type Component, type Flow, type Node } from '@agentspec/core';

/** A flow (or an agent) as a plain graph: the shape both renderers draw. */
export interface PlainGraph {
  readonly title: string;
  readonly nodes: readonly { readonly id: string; readonly label: string; readonly kind: string }[];
  readonly edges: readonly { readonly from: string; readonly to: string; readonly label?: string; readonly data?: boolean }[];
  readonly subgraphs: readonly { readonly id: string; readonly graph: PlainGraph }[];
}

/** The control flow (solid, labelled with non-`next` branches) and data flow (dashed) of a flow; FlowNode/MapNode subflows nested. */
export function flowGraph(flow: Flow, prefix = ''): PlainGraph {
  const id = (n: Node) => `${prefix}${sanitize(n.id)}`;
  const subgraphs: { id: string; graph: PlainGraph }[] = [];
  for (const n of flow.nodes) {
    if (!isUnknownComponent(n) && (n.component_type === 'FlowNode' || n.component_type === 'MapNode')) subgraphs.push({ id: id(n), graph: flowGraph(n.subflow, `${id(n)}__`) });
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

/** An agent with its tools. */
export function agentGraph(agent: Agent): PlainGraph {
  const a = sanitize(agent.id);
  return {
    title: agent.name,
    nodes: [{ id: a, label: agent.name, kind: 'Agent' }, ...agent.tools.map((t) => ({ id: `${a}__${sanitize(t.id)}`, label: t.name, kind: t.component_type }))],
    edges: agent.tools.map((t) => ({ from: a, to: `${a}__${sanitize(t.id)}` })),
    subgraphs: [],
  };
}

export function componentGraph(c: Component): PlainGraph | undefined {
  if (c.component_type === 'Flow') return flowGraph(c as Flow);
  if (c.component_type === 'Agent') return agentGraph(c as Agent);
  return undefined;
}

function sanitize(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_');
}
