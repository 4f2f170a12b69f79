import {
  controlFlowEdge, dataFlowEdge, endNode, flow, startNode, type ControlFlowEdge, type DataFlowEdge, type Flow, type Known, type Node as SpecNode, type Property,
} from '@agentspec/core';
import type { Warnings } from '../warnings.js';

/** The nodes an import makes: built-in ones only. */
export type Node = Known<SpecNode>;

/** A node whose outputs feed what comes next (Mastra passes a step's output to the next step). */
export interface Producer {
  readonly node: Node;
  readonly outputs: readonly Property[];
}

/** Where control stands while importing a sequence: the branches that lead to the next node, and what produced its input. */
export interface Cursor {
  readonly tails: readonly { readonly node: Node; readonly branch: string }[];
  readonly producers: readonly Producer[];
}

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

  constructor(readonly warnings: Warnings, readonly ids: Ids) {}

  /** A node id unique in the document, from a Mastra step id. */
  id(base: string): string {
    return this.ids.take(base);
  }

  add<N extends Node>(node: N): N {
    this.nodes.push(node);
    return node;
  }

  /** Control edges from every tail to `node`. */
  link(cursor: Cursor, node: Node): void {
    for (const t of cursor.tails) {
      const id = this.ids.edge('c');
      this.control.push(controlFlowEdge({ id, name: `${t.node.id} → ${node.id}`, from_node: t.node, from_branch: t.branch === 'next' ? null : t.branch, to_node: node }));
    }
  }

  /**
   * Data edges into `node`'s inputs from the producers' outputs of the same
   * name (the one output of a single producer feeds a single input whatever
   * their names); an input with no source and no default is a warning.
   */
  feed(producers: readonly Producer[], node: Node, inputs: readonly Property[] = node.inputs ?? [], sourceName: (input: string) => string = (t) => t): void {
    for (const p of inputs) {
      const wanted = sourceName(p.title);
      let sources = producers.flatMap((src) => src.outputs.filter((o) => o.title === wanted).map((o) => ({ src, o })));
      const only = producers[0];
      if (sources.length === 0 && inputs.length === 1 && producers.length === 1 && only?.outputs.length === 1) sources = [{ src: only, o: only.outputs[0] as Property }];
      for (const { src, o } of sources) {
        this.data.push(dataFlowEdge({ id: this.ids.edge('d'), name: `${src.node.id}.${o.title} → ${node.id}.${p.title}`, source_node: src.node, source_output: o.title, destination_node: node, destination_input: p.title }));
      }
      if (sources.length === 0 && !('default' in p)) this.warnings.add('approximated', node.id, `input '${p.title}' has no step output of that name to come from`);
    }
  }

  start(inputs: readonly Property[]): Cursor {
    const start = this.add(startNode({ id: this.id('start'), name: 'start', inputs: [...inputs] }));
    return { tails: [{ node: start, branch: 'next' }], producers: [{ node: start, outputs: start.outputs ?? [] }] };
  }

  /** The flow: an EndNode after the cursor, fed by the producers. */
  finish(cursor: Cursor, meta: { id: string; name: string; description?: string }, outputs: readonly Property[]): Flow {
    const end = this.add(endNode({ id: this.id('end'), name: 'end', outputs: [...outputs] }));
    this.link(cursor, end);
    this.feed(cursor.producers, end);
    return flow({
      id: this.ids.take(meta.id), name: meta.name, ...(meta.description ? { description: meta.description } : {}),
      start_node: this.nodes[0] as never, nodes: this.nodes, control_flow_connections: this.control, data_flow_connections: this.data,
    });
  }
}
