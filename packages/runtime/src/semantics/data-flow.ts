import type { Flow, Node } from '@agentspec/core';
import { FlowRules, type MutableDataSpace } from './flow-rules.js';

/**
 * Where node inputs come from during one run (DESIGN §4.2): the data space of
 * {@link FlowRules}, kept here as the run goes (the reference interpreter).
 */
export class DataFlow {
  /** Owned here and never handed out (available() copies): changed in place. */
  private readonly space: MutableDataSpace = {};
  readonly rules: FlowRules;

  constructor(flow: Flow | FlowRules) {
    this.rules = flow instanceof FlowRules ? flow : new FlowRules(flow);
  }

  /** Values available to a node's inputs (defaults are applied by resolveInputs). */
  available(node: Node): Record<string, unknown> {
    return this.rules.available(this.space, node);
  }

  /** A node finished with these outputs. Outputs it did not produce write nothing. */
  record(node: Node, outputs: Readonly<Record<string, unknown>>): void {
    this.rules.recordInPlace(this.space, node, outputs);
  }
}
