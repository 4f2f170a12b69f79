import { comp, compList, IO_FIELDS } from '../model/fields.js';
import type { Flow, Property } from '../model/types.js';
import { canCast, describeType, findProperty } from '../semantics/properties.js';
import type { CheckContext } from './handler.js';
import { listNodes } from './control-flow.js';
import { checkFlowStructure } from './flow-structure.js';
import { checkFlowData } from './flow-data.js';
import { props, type ComponentHandler } from './handler.js';

/** A flow's inputs are its StartNode's: same names, castable types. */
function checkFlowInputs(ctx: CheckContext, f: Flow, declared: readonly Property[], start: readonly Property[]): void {
  const problems: string[] = [];
  for (const p of start) {
    const d = findProperty(declared, p.title);
    if (!d) problems.push(`'${p.title}' is missing`);
    else if (!canCast(p, d)) problems.push(`'${p.title}' is ${describeType(p)} in the StartNode but ${describeType(d)} here`);
  }
  for (const d of declared) if (!findProperty(start, d.title)) problems.push(`'${d.title}' is not an input of the StartNode`);
  if (problems.length > 0) {
    ctx.report('AS_FLOW_INPUT_MISMATCH', f, ['inputs'], `the flow's inputs must be its StartNode's inputs: ${problems.join('; ')}`);
  }
}

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
    const listed = listNodes(Array.isArray(f.nodes) ? f.nodes : []);
    const start = checkFlowStructure(f, ctx, listed);
    if (start) checkFlowInputs(ctx, f, props(f.inputs), props(start.inputs));
    checkFlowData(f, ctx, listed);
  },
};
