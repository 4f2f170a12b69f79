import type { EndNode, Flow, Node } from '../model/types.js';
import { canCast, describeType, findProperty, titlesOf } from '../semantics/properties.js';
import type { CheckContext } from './handler.js';

/** Data edges name existing outputs/inputs of listed nodes with castable types; flow outputs are covered. */
export function checkFlowData(f: Flow, ctx: CheckContext): void {
  const nodes = Array.isArray(f.nodes) ? f.nodes : [];
  const listed = new Set<Node>(nodes);
  const edges = Array.isArray(f.data_flow_connections) ? f.data_flow_connections : [];
  edges.forEach((e, i) => {
    if (!e) return;
    const at = (field: string) => ['data_flow_connections', i, field];
    let ok = true;
    for (const end of ['source_node', 'destination_node'] as const) {
      const n = e[end];
      if (n && !listed.has(n)) {
        ok = false;
        ctx.report('AS_EDGE_UNKNOWN_NODE', f, at(end), `${end} '${n.id}' is not in this flow's nodes`);
      }
    }
    if (!ok || !e.source_node || !e.destination_node) return;
    const out = findProperty(e.source_node.outputs, e.source_output);
    const inp = findProperty(e.destination_node.inputs, e.destination_input);
    if (!out) {
      ctx.report('AS_DATA_UNKNOWN_OUTPUT', f, at('source_output'),
        `'${e.source_output}' is not an output of '${e.source_node.id}' (outputs: ${titlesOf(e.source_node.outputs).join(', ') || 'none'})`);
    }
    if (!inp) {
      ctx.report('AS_DATA_UNKNOWN_INPUT', f, at('destination_input'),
        `'${e.destination_input}' is not an input of '${e.destination_node.id}' (inputs: ${titlesOf(e.destination_node.inputs).join(', ') || 'none'})`);
    }
    if (out && inp && !canCast(out, inp)) {
      ctx.report('AS_DATA_TYPE_MISMATCH', f, ['data_flow_connections', i],
        `output '${e.source_output}' (${describeType(out)}) cannot be cast to input '${e.destination_input}' (${describeType(inp)})`);
    }
  });
  checkFlowOutputs(f, nodes, ctx);
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
