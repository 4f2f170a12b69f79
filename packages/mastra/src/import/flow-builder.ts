import {
  controlFlowEdge, dataFlowEdge, endNode, flow, startNode, type ControlFlowEdge, type DataFlowEdge, type Flow, type Known, type Node as SpecNode, type Property,
} from '@agentspec/core';
import type { ImportWarnings } from './import-warnings.js';

/** The nodes an import makes: built-in ones only. */
export type Node = Known<SpecNode>;

/** A node whose outputs feed what comes next (Mastra passes a step's output to the next step). */
export interface Producer {
  readonly node: Node;
  readonly outputs: readonly Property[];
  /** The title of the one output that is the node's whole value (not a field of an object), if it is one. */
  readonly whole?: string;
}

/** The arms of the last `.branch()` / `.parallel()`: Mastra gives the next step their outputs under each arm's step id. */
export interface Arms {
  readonly entry: string;
  /** Whether every arm ran (`.parallel()`) or at most one (`.branch()`). */
  readonly all: boolean;
  readonly list: readonly { readonly id: string; readonly producer: Producer }[];
}

/** Where control stands while importing a sequence: the branches that lead to the next node, and what produced its input. */
export interface Cursor {
  readonly tails: readonly { readonly node: Node; readonly branch: string }[];
  readonly producers: readonly Producer[];
  readonly arms?: Arms;
}

/** The cursor after a node: control from its `next` branch, its outputs the input of what follows. */
export const after = (producer: Producer): Cursor => ({ tails: [{ node: producer.node, branch: 'next' }], producers: [producer] });

/** Component ids of one import: Agent Spec ids are unique across a document, sub-flows included. */
export class Ids {
  private readonly taken = new Set<string>();
  private edges = 0;

  take(base: string): string {
    let id = base || 'component';
    for (let i = 2; this.taken.has(id); i++) id = `${base}_${i}`;
    this.taken.add(id);
    return id;
  }

  edge(prefix: 'c' | 'd'): string {
    return this.take(`${prefix}${++this.edges}`);
  }
}

/** Accumulates the nodes and edges of an imported flow. */
export class FlowBuilder {
  readonly nodes: Node[] = [];
  readonly control: ControlFlowEdge[] = [];
  readonly data: DataFlowEdge[] = [];

  constructor(readonly warnings: ImportWarnings, readonly ids: Ids) {}

  /** A node id unique in the document, from a Mastra step id. */
  id(base: string): string {
    return this.ids.take(base);
  }

  add<N extends Node>(node: N): N {
    this.nodes.push(node);
    return node;
  }

  /** Control edges from every tail to `node`. */
  link(cursor: Pick<Cursor, 'tails'>, node: Node): void {
    for (const t of cursor.tails) {
      const id = this.ids.edge('c');
      this.control.push(controlFlowEdge({ id, name: `${t.node.id} → ${node.id}`, from_node: t.node, from_branch: t.branch === 'next' ? null : t.branch, to_node: node }));
    }
  }

  /** One data edge. */
  wire(src: Node, output: string, dst: Node, input: string): void {
    this.data.push(dataFlowEdge({ id: this.ids.edge('d'), name: `${src.id}.${output} → ${dst.id}.${input}`, source_node: src, source_output: output, destination_node: dst, destination_input: input }));
  }

  /**
   * Data edges into `node`'s inputs from the producers' outputs of the same
   * name; a single input is fed by a single producer's one output (or whole
   * value) whatever their names. An input with no source and no default is a
   * warning.
   */
  feed(producers: readonly Producer[], node: Node, inputs: readonly Property[] = node.inputs ?? []): void {
    for (const p of inputs) {
      let sources = producers.flatMap((src) => src.outputs.filter((o) => o.title === p.title).map((o) => ({ src, o: o.title })));
      const only = producers.length === 1 ? producers[0] : undefined;
      if (sources.length === 0 && inputs.length === 1 && only) {
        const one = only.whole ?? (only.outputs.length === 1 ? only.outputs[0]?.title : undefined);
        if (one !== undefined) sources = [{ src: only, o: one }];
      }
      for (const { src, o } of sources) this.wire(src.node, o, node, p.title);
      if (sources.length === 0 && !('default' in p)) this.warnings.add('MA_MISSING_SOURCE', node.id, `input '${p.title}' has no step output of that name to come from`);
    }
  }

  start(inputs: readonly Property[], whole: boolean): Producer {
    const start = this.add(startNode({ id: this.id('start'), name: 'start', inputs: [...inputs] }));
    return { node: start, outputs: start.outputs ?? [], ...(whole && inputs[0] ? { whole: inputs[0].title } : {}) };
  }

  /** The flow: an EndNode after the cursor, fed by the producers (and by `wire`, given the EndNode). */
  finish(cursor: Cursor, meta: { id: string; name: string; description?: string }, outputs: readonly Property[], wire?: (end: Node) => void): Flow {
    const end = this.add(endNode({ id: this.id('end'), name: 'end', outputs: [...outputs] }));
    this.link(cursor, end);
    this.feed(cursor.producers, end);
    wire?.(end);
    return flow({
      id: this.ids.take(meta.id), name: meta.name, ...(meta.description ? { description: meta.description } : {}),
      start_node: this.nodes[0] as never, nodes: this.nodes, control_flow_connections: this.control, data_flow_connections: this.data,
    });
  }
}
