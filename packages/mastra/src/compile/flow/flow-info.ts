import type { Flow, Node } from '@agentspec/core';
import { FlowRules } from '@agentspec/runtime';
import type { Frame } from './frame.js';

/**
 * What the steps of one compiled flow look up at run time: the flow's rules
 * of @agentspec/runtime (control edges, the data space: DESIGN §4.2) over a
 * frame that Mastra can persist, and which nodes may run again.
 */
export class FlowInfo {
  readonly named: boolean;
  readonly byId = new Map<string, Node>();
  private readonly rules: FlowRules;
  /** Nodes on a cycle: they may run again, so the values at their inputs are kept. */
  private readonly reentrant = new Set<string>();

  constructor(readonly flow: Flow) {
    this.rules = new FlowRules(flow);
    this.named = this.rules.named;
    for (const n of flow.nodes) this.byId.set(n.id, n);
    this.byId.set(flow.start_node.id, flow.start_node);
    for (const id of this.byId.keys()) if (this.rules.reentrant(id)) this.reentrant.add(id);
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
    return this.rules.transition(node, branch).to_node.id;
  }

  /** Distinct successors of a node, in edge order. */
  successors(node: Node): string[] {
    return this.rules.successors(node.id);
  }

  /** Values available to a node's inputs (defaults are applied by resolveInputs). */
  available(frame: Frame, node: Node): Record<string, unknown> {
    return this.rules.available(frame, node);
  }

  /** The frame after `node` finished with `outputs` (outputs it did not produce write nothing). */
  record(frame: Frame, node: Node, outputs: Readonly<Record<string, unknown>>): Frame {
    return this.rules.record(frame, node, outputs) as Frame;
  }
}
