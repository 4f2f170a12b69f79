import type { DataFlowEdge, Flow, Node } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import type { Frame } from './frame.js';

/**
 * What the steps of one compiled flow look up at run time: control edges by
 * node and branch, data edges by source, and the flow's data space (DESIGN
 * §4.2 — with data edges, outputs are written to their destinations' inputs,
 * the last writer winning; without, one space by name). The same semantics as
 * the runtime's `DataFlow`, over a frame that Mastra can persist.
 */
export class FlowInfo {
  readonly named: boolean;
  readonly byId = new Map<string, Node>();
  private readonly control = new Map<string, Map<string, string>>();
  private readonly data = new Map<string, DataFlowEdge[]>();
  /** Nodes on a cycle: they may run again, so the values at their inputs are kept. */
  private readonly reentrant = new Set<string>();

  constructor(readonly flow: Flow) {
    this.named = flow.data_flow_connections === null || flow.data_flow_connections === undefined;
    for (const n of flow.nodes) this.byId.set(n.id, n);
    this.byId.set(flow.start_node.id, flow.start_node);
    for (const e of flow.control_flow_connections) {
      let m = this.control.get(e.from_node.id);
      if (!m) this.control.set(e.from_node.id, (m = new Map()));
      m.set(e.from_branch ?? 'next', e.to_node.id);
    }
    for (const e of flow.data_flow_connections ?? []) {
      const list = this.data.get(e.source_node.id) ?? [];
      list.push(e);
      this.data.set(e.source_node.id, list);
    }
    for (const id of this.byId.keys()) if (this.reaches(id, id)) this.reentrant.add(id);
  }

  /** Whether control can go from `from` to `to` in one or more steps. */
  private reaches(from: string, to: string): boolean {
    const seen = new Set<string>();
    const stack = [...(this.control.get(from)?.values() ?? [])];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (id === to) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(this.control.get(id)?.values() ?? []));
    }
    return false;
  }

  /**
   * The frame once `node` has read its inputs: a node that cannot run again
   * no longer needs the values waiting for it, so they leave the frame (and
   * the step results Mastra keeps stay small).
   */
  consumed(frame: Frame, node: Node): Frame {
    if (this.named || this.reentrant.has(node.id) || !frame.inbox || !Object.hasOwn(frame.inbox, node.id)) return frame;
    const { [node.id]: _done, ...inbox } = frame.inbox;
    return { ...frame, inbox };
  }

  /** The node id a branch of `node` leads to; AS_NO_TRANSITION when none. */
  next(node: Node, branch: string): string {
    const to = this.control.get(node.id)?.get(branch);
    if (to === undefined) throw new RuntimeError('AS_NO_TRANSITION', `no control edge leaves branch '${branch}'`, { node: node.id });
    return to;
  }

  /** Distinct successors of a node, in edge order. */
  successors(node: Node): string[] {
    return [...new Set(this.control.get(node.id)?.values() ?? [])];
  }

  /** Values available to a node's inputs (defaults are applied by resolveInputs). */
  available(frame: Frame, node: Node): Record<string, unknown> {
    return this.named ? { ...frame.vars } : { ...frame.inbox?.[node.id] };
  }

  /** The frame after `node` finished with `outputs` (outputs it did not produce write nothing). */
  record(frame: Frame, node: Node, outputs: Readonly<Record<string, unknown>>): Frame {
    if (this.named) {
      const vars: Record<string, unknown> = { ...frame.vars };
      for (const [k, v] of Object.entries(outputs)) if (v !== undefined) vars[k] = v;
      return { ...frame, vars };
    }
    const edges = this.data.get(node.id);
    if (!edges) return frame;
    const inbox: Record<string, Record<string, unknown>> = { ...frame.inbox };
    for (const e of edges) {
      if (!Object.hasOwn(outputs, e.source_output) || outputs[e.source_output] === undefined) continue;
      inbox[e.destination_node.id] = { ...inbox[e.destination_node.id], [e.destination_input]: outputs[e.source_output] };
    }
    return { ...frame, inbox };
  }
}
