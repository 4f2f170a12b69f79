import type { DataFlowEdge, EndNode, Flow, Node, Property } from '../model/types.js';
import { canCast, describeType, findProperty, titlesOf } from '../semantics/properties.js';
import type { Listed } from './control-flow.js';
import type { CheckContext } from './handler.js';

/**
 * Data edges name existing outputs/inputs of listed nodes with castable types;
 * flow outputs are covered. `listed` is the set of the flow's nodes.
 */
export function checkFlowData(f: Flow, ctx: CheckContext, listed: Listed): void {
  const nodes = Array.isArray(f.nodes) ? f.nodes : [];
  const edges = Array.isArray(f.data_flow_connections) ? f.data_flow_connections : [];
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    if (e) checkDataEdge(f, e, i, listed, ctx);
  }
  checkFlowOutputs(f, nodes, ctx);
}

/** One data edge (a function per edge, no closure per edge: this runs for every edge of every flow). */
function checkDataEdge(f: Flow, e: DataFlowEdge, i: number, listed: Listed, ctx: CheckContext): void {
  const sourceListed = endListed(f, e, i, 'source_node', listed, ctx);
  const destinationListed = endListed(f, e, i, 'destination_node', listed, ctx);
  if (!sourceListed || !destinationListed || !e.source_node || !e.destination_node) return;
  const source = e.source_node as WithIO;
  const destination = e.destination_node as WithIO;
  const out = findProperty(source.outputs, e.source_output);
  const inp = findProperty(destination.inputs, e.destination_input);
  if (!out) {
    ctx.report('AS_DATA_UNKNOWN_OUTPUT', f, at(i, 'source_output'),
      `'${e.source_output}' is not an output of '${e.source_node.id}' (outputs: ${titlesOf(source.outputs).join(', ') || 'none'})`);
  }
  if (!inp) {
    ctx.report('AS_DATA_UNKNOWN_INPUT', f, at(i, 'destination_input'),
      `'${e.destination_input}' is not an input of '${e.destination_node.id}' (inputs: ${titlesOf(destination.inputs).join(', ') || 'none'})`);
  }
  if (out && inp && !canCast(out, inp)) {
    ctx.report('AS_DATA_TYPE_MISMATCH', f, ['data_flow_connections', i],
      `output '${e.source_output}' (${describeType(out)}) cannot be cast to input '${e.destination_input}' (${describeType(inp)})`);
  }
}

type WithIO = Node & { readonly inputs?: readonly Property[] | null; readonly outputs?: readonly Property[] | null };

function at(i: number, field: string): (string | number)[] {
  return ['data_flow_connections', i, field];
}

/** Whether an end of a data edge (when set) is one of the flow's nodes; reported when not. */
function endListed(f: Flow, e: DataFlowEdge, i: number, end: 'source_node' | 'destination_node', listed: Listed, ctx: CheckContext): boolean {
  const n = e[end];
  if (!n || listed.has(n)) return true;
  ctx.report('AS_EDGE_UNKNOWN_NODE', f, at(i, end), `${end} '${n.id}' is not in this flow's nodes`);
  return false;
}

function checkFlowOutputs(f: Flow, nodes: readonly Node[], ctx: CheckContext): void {
  const outputs = Array.isArray(f.outputs) ? f.outputs : [];
  const ends = nodes.filter((n): n is EndNode => n?.component_type === 'EndNode');
  outputs.forEach((o, i) => {
    for (const end of ends) {
      const p = findProperty(end.outputs, o.title);
      if (!p) {
        if (!('default' in o)) {
          ctx.report('AS_FLOW_OUTPUT_MISSING', f, ['outputs', i], `flow output '${o.title}' is not an output of EndNode '${end.id}' and has no default`,
            `give the flow output a default, or add '${o.title}' to that EndNode`);
          return;
        }
      } else if (!canCast(p, o)) {
        ctx.report('AS_FLOW_OUTPUT_CONFLICT', f, ['outputs', i], `EndNode '${end.id}' gives '${o.title}' as ${describeType(p)}, which the flow output (${describeType(o)}) cannot take`);
        return;
      }
    }
  });
}
