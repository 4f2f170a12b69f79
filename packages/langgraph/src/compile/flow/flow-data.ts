import type { DataFlowEdge, Flow, Node } from '@agentspec/core';
import { FlowRules } from '@agentspec/runtime';
import type { FlowValues } from './flow-state.js';

/**
 * Data flow in the graph state: the flow's rules of @agentspec/runtime
 * (DESIGN §4.2), kept in a state key so that checkpoints hold them — by name
 * for a flow without data edges, else by destination node id.
 */
export class FlowData {
  readonly named: boolean;
  private readonly rules: FlowRules;

  constructor(flow: Flow) {
    this.rules = new FlowRules(flow);
    this.named = this.rules.named;
  }

  edgesLeaving(node: Node): readonly DataFlowEdge[] {
    return this.rules.dataEdgesFrom(node);
  }

  /** The values available to a node's inputs (defaults are applied by resolveInputs). */
  available(node: Node, values: FlowValues | undefined): Readonly<Record<string, unknown>> {
    if (!values) return {};
    return this.rules.available(this.named ? { vars: values } : { inbox: values as Record<string, Record<string, unknown>> }, node);
  }

  /** The update of the values key when `node` finishes with these outputs (undefined: nothing to write). */
  writes(node: Node, outputs: Readonly<Record<string, unknown>>): FlowValues | undefined {
    return this.rules.writes(node, outputs) as FlowValues | undefined;
  }
}
