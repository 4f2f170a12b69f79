/**
 * A foreign graph's Flow as it is put together: its nodes (each in the
 * root's references), its control edges, and what the handlers of nodes,
 * edges, routers and fan-outs share while they write it.
 */
import type { Doc, DocumentBuilder } from './document.js';
import { ref } from './document.js';
import type { Breakpoints, StateGraphLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';
import type { ImportNested } from './own-graph.js';
import type { GraphState } from './state-channels.js';

/** Where control leaves a part of the flow: a node, on one of its branches. */
export interface Exit {
  readonly from: string;
  readonly branch?: string;
}

export class FlowAssembly {
  readonly nodes: Doc[] = [];
  readonly control: Doc[] = [];

  constructor(private readonly docs: DocumentBuilder, private readonly ctx: ImportContext) {}

  /** Add a node; returns its id. */
  add(doc: Doc): string {
    this.nodes.push(this.docs.node(doc));
    return doc.id as string;
  }

  edge(exit: Exit, to: string): void {
    const { from, branch } = exit;
    this.control.push({
      component_type: 'ControlFlowEdge', id: this.ctx.id(`${from}_to_${to}`), name: `${from} to ${to}`,
      from_node: ref(from), ...(branch !== undefined ? { from_branch: branch } : {}), to_node: ref(to),
    });
  }
}

/** Fresh variable names of a flow (they must not be state keys). */
export class FlowVariables {
  private readonly taken: Set<string>;

  constructor(stateNames: readonly string[]) {
    this.taken = new Set(stateNames);
  }

  fresh(name: string, test: (n: string) => string = (n) => n): string {
    let n = name;
    for (let i = 2; this.taken.has(test(n)); i++) n = `${name}_${i}`;
    this.taken.add(test(n));
    return n;
  }
}

/** What the handlers of one foreign graph share. */
export interface ForeignGraph {
  readonly b: StateGraphLike;
  readonly label: string;
  /** The graph's node names (error-handler nodes excluded). */
  readonly nodeNames: readonly string[];
  readonly state: GraphState;
  readonly ctx: ImportContext;
  readonly docs: DocumentBuilder;
  readonly flow: FlowAssembly;
  readonly vars: FlowVariables;
  /** The variable routers and Commands write the chosen key or node to. */
  readonly route: string;
  readonly breakpoints: Breakpoints;
  readonly nested: ImportNested;
  /** The EndNode's id. */
  readonly end: string;
}
