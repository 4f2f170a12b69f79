import { comp, compList, IO_FIELDS } from '../model/fields.js';
import type { Flow, Property } from '../model/types.js';
import { findProperty } from '../semantics/properties.js';
import { checkFlowStructure } from './flow-structure.js';
import { checkFlowData } from './flow-data.js';
import { checkInferred } from './io-checks.js';
import { props, type ComponentHandler } from './handler.js';

/** Outputs every EndNode of the flow exposes (by name), with the first EndNode's schema. */
export function commonEndOutputs(nodes: readonly unknown[]): Property[] {
  const ends = nodes.filter((n): n is { outputs?: Property[] } => (n as { component_type?: string })?.component_type === 'EndNode');
  const first = ends[0];
  if (!first) return [];
  return props(first.outputs).filter((o) => ends.every((e) => findProperty(e.outputs, o.title)));
}

export const flow: ComponentHandler = {
  type: 'Flow',
  summary: 'A graph of nodes with control-flow and data-flow edges, entered at start_node.',
  fields: [
    ...IO_FIELDS,
    { name: 'start_node', type: comp('Node'), required: true },
    { name: 'nodes', type: compList('Node'), required: true },
    { name: 'control_flow_connections', type: compList('ControlFlowEdge'), required: true },
    { name: 'data_flow_connections', type: compList('DataFlowEdge'), nullable: true, default: null },
  ],
  infer(d, ensure) {
    const start = d.start_node as Record<string, unknown> | undefined;
    ensure(start);
    const nodes = Array.isArray(d.nodes) ? (d.nodes as unknown[]) : [];
    for (const n of nodes) ensure(n);
    d.inputs ??= props(start?.inputs);
    d.outputs ??= commonEndOutputs(nodes);
  },
  check(c, ctx) {
    const f = c as Flow;
    const start = checkFlowStructure(f, ctx);
    if (start) checkInferred(ctx, f, 'inputs', props(f.inputs), props(start.inputs));
    checkFlowData(f, ctx);
  },
};
