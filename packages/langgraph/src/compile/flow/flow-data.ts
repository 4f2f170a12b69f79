import type { DataFlowEdge, Flow, Node } from '@agentspec/core';
import type { FlowValues } from './flow-state.js';

/**
 * Data flow in the graph state (DESIGN §4.2; the same rules as the runtime's
 * `DataFlow`, kept in a state key so that checkpoints hold them). With data
 * edges, a finishing node writes each connected output to its destination
 * inputs (the last writer wins); with `data_flow_connections: null`, outputs
 * go to one variable space shared by name. Outputs a node did not produce
 * write nothing.
 */
export class FlowData {
  readonly named: boolean;
  private readonly edgesFrom = new Map<Node, DataFlowEdge[]>();

  constructor(flow: Flow) {
    this.named = flow.data_flow_connections === null || flow.data_flow_connections === undefined;
    for (const e of flow.data_flow_connections ?? []) {
      const list = this.edgesFrom.get(e.source_node);
      if (list) list.push(e);
      else this.edgesFrom.set(e.source_node, [e]);
    }
  }

  edgesLeaving(node: Node): readonly DataFlowEdge[] {
    return this.edgesFrom.get(node) ?? [];
  }

  /** The values available to a node's inputs (defaults are applied by resolveInputs). */
  available(node: Node, values: FlowValues | undefined): Readonly<Record<string, unknown>> {
    if (!values) return {};
    return this.named ? values : ((values[node.id] as FlowValues | undefined) ?? {});
  }

  /** The update of the values key when `node` finishes with these outputs (undefined: nothing to write). */
  writes(node: Node, outputs: Readonly<Record<string, unknown>>): FlowValues | undefined {
    let out: FlowValues | undefined;
    if (this.named) {
      for (const [k, v] of Object.entries(outputs)) if (v !== undefined) (out ??= {})[k] = v;
      return out;
    }
    for (const e of this.edgesLeaving(node)) {
      const v = outputs[e.source_output];
      if (v === undefined || !Object.hasOwn(outputs, e.source_output)) continue;
      out ??= {};
      const dest = ((out[e.destination_node.id] as FlowValues | undefined) ??= {});
      dest[e.destination_input] = v;
    }
    return out;
  }
}
