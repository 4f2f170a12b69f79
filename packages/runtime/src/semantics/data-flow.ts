import type { DataFlowEdge, Flow, Node } from '@agentspec/core';

/**
 * Where node inputs come from (DESIGN §4.2). With data edges, when a node
 * finishes each connected output is written to its destination inputs (the
 * last writer wins). With `data_flow_connections: null`, one variable space
 * shared by name: outputs overwrite, inputs read by name.
 */
export class DataFlow {
  private readonly byName: Record<string, unknown> = {};
  private readonly perNode = new Map<Node, Record<string, unknown>>();
  private readonly edgesFrom = new Map<Node, DataFlowEdge[]>();
  private readonly named: boolean;

  constructor(flow: Flow) {
    this.named = flow.data_flow_connections === null || flow.data_flow_connections === undefined;
    for (const e of flow.data_flow_connections ?? []) {
      const list = this.edgesFrom.get(e.source_node) ?? [];
      list.push(e);
      this.edgesFrom.set(e.source_node, list);
    }
  }

  /** Values available to a node's inputs (defaults are applied by resolveInputs). */
  available(node: Node): Record<string, unknown> {
    return this.named ? { ...this.byName } : { ...(this.perNode.get(node) ?? {}) };
  }

  /** A node finished with these outputs. Outputs it did not produce write nothing. */
  record(node: Node, outputs: Readonly<Record<string, unknown>>): void {
    if (this.named) {
      for (const [k, v] of Object.entries(outputs)) if (v !== undefined) this.byName[k] = v;
      return;
    }
    for (const e of this.edgesFrom.get(node) ?? []) {
      if (!Object.hasOwn(outputs, e.source_output) || outputs[e.source_output] === undefined) continue;
      let inputs = this.perNode.get(e.destination_node);
      if (!inputs) this.perNode.set(e.destination_node, (inputs = {}));
      inputs[e.destination_input] = outputs[e.source_output];
    }
  }
}
