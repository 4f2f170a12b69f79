import type { ControlFlowEdge, DataFlowEdge, Flow, Node } from '@agentspec/core';
import { RuntimeError } from '../errors.js';

/** Values a flow's nodes read their inputs from, as plain JSON (so that frameworks can checkpoint it). */
export interface DataSpace {
  /** A flow without data edges: one space shared by name. */
  readonly vars?: Readonly<Record<string, unknown>>;
  /** A flow with data edges: the values waiting at each node's inputs, by node id. */
  readonly inbox?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A DataSpace its holder changes in place (`FlowRules.recordInPlace`). */
export interface MutableDataSpace {
  vars?: Record<string, unknown>;
  inbox?: Record<string, Readonly<Record<string, unknown>>>;
}

/**
 * The control and data edges of one flow and the rules they follow (DESIGN
 * §4.2), indexed once: written here for every runtime — the reference
 * interpreter, LangGraph's state writes, Mastra's workflow frames. A branch
 * of a node leads along its control edge (none: AS_NO_TRANSITION). With data
 * edges, a finishing node writes each connected output to its destination
 * inputs (the last writer wins); with `data_flow_connections: null`, outputs
 * go to one space by name. Outputs a node did not produce write nothing.
 */
export class FlowRules {
  /** True when the flow has no data edges (one space by name). */
  readonly named: boolean;
  private readonly control = new Map<string, Map<string, ControlFlowEdge>>();
  private readonly data = new Map<string, DataFlowEdge[]>();
  /** The nodes on a control cycle, found once (reentrant). */
  private onCycles: ReadonlySet<string> | undefined;

  constructor(readonly flow: Flow) {
    this.named = flow.data_flow_connections === null || flow.data_flow_connections === undefined;
    for (const e of flow.control_flow_connections) {
      let m = this.control.get(e.from_node.id);
      if (!m) this.control.set(e.from_node.id, (m = new Map()));
      m.set(e.from_branch ?? 'next', e);
    }
    for (const e of flow.data_flow_connections ?? []) {
      const list = this.data.get(e.source_node.id);
      if (list) list.push(e);
      else this.data.set(e.source_node.id, [e]);
    }
  }

  /** The control edge a branch of `node` leaves by; AS_NO_TRANSITION when there is none. */
  transition(node: Node, branch: string): ControlFlowEdge {
    const edge = this.control.get(node.id)?.get(branch);
    if (!edge) throw new RuntimeError('AS_NO_TRANSITION', `no control edge leaves branch '${branch}'`, { node: node.id });
    return edge;
  }

  /** The branches leaving `node`, with where each leads. */
  branchesOf(node: Node): ReadonlyMap<string, ControlFlowEdge> {
    return this.control.get(node.id) ?? new Map();
  }

  /** The distinct node ids control can go to from `nodeId`, in edge order. */
  successors(nodeId: string): string[] {
    return [...new Set([...(this.control.get(nodeId)?.values() ?? [])].map((e) => e.to_node.id))];
  }

  /** Whether control can come back to `nodeId` (a node on a cycle may run again). */
  reentrant(nodeId: string): boolean {
    return (this.onCycles ??= nodesOnCycles(this.control)).has(nodeId);
  }

  /** The data edges leaving `node`. */
  dataEdgesFrom(node: Node): readonly DataFlowEdge[] {
    return this.data.get(node.id) ?? [];
  }

  /** The values available to `node`'s inputs in `space` (defaults are applied by resolveInputs). */
  available(space: DataSpace, node: Node): Record<string, unknown> {
    return this.named ? { ...space.vars } : { ...space.inbox?.[node.id] };
  }

  /**
   * What `node` finishing with `outputs` writes: values by name (a flow
   * without data edges) or values by destination node id and input;
   * undefined when it writes nothing.
   */
  writes(node: Node, outputs: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
    let out: Record<string, unknown> | undefined;
    if (this.named) {
      for (const [k, v] of Object.entries(outputs)) if (v !== undefined) (out ??= {})[k] = v;
      return out;
    }
    for (const e of this.dataEdgesFrom(node)) {
      if (!Object.hasOwn(outputs, e.source_output) || outputs[e.source_output] === undefined) continue;
      out ??= {};
      const dest = ((out[e.destination_node.id] as Record<string, unknown> | undefined) ??= {});
      dest[e.destination_input] = outputs[e.source_output];
    }
    return out;
  }

  /** `space` after `node` finished with `outputs` (a new object; `space` is left as it is). */
  record(space: DataSpace, node: Node, outputs: Readonly<Record<string, unknown>>): DataSpace {
    const writes = this.writes(node, outputs);
    if (!writes) return space;
    const next: MutableDataSpace = this.named ? { ...space, vars: { ...space.vars } } : { ...space, inbox: { ...space.inbox } };
    this.merge(next, writes);
    return next;
  }

  /**
   * `record`, into a space its holder owns (DataFlow): the space is changed,
   * not copied, so a run costs no copy of every waiting value per node.
   */
  recordInPlace(space: MutableDataSpace, node: Node, outputs: Readonly<Record<string, unknown>>): void {
    const writes = this.writes(node, outputs);
    if (writes) this.merge(space, writes);
  }

  private merge(space: MutableDataSpace, writes: Record<string, unknown>): void {
    if (this.named) {
      Object.assign((space.vars ??= {}), writes);
      return;
    }
    const inbox = (space.inbox ??= {});
    for (const [id, values] of Object.entries(writes)) inbox[id] = { ...inbox[id], ...(values as Record<string, unknown>) };
  }
}

/**
 * The nodes control can come back to: those of a strongly connected
 * component with more than one node, or with an edge to itself (Tarjan's
 * algorithm, without recursion, so a flow of any length fits the stack): one
 * pass over the edges, where a search from every node would be quadratic.
 */
function nodesOnCycles(control: ReadonlyMap<string, ReadonlyMap<string, ControlFlowEdge>>): Set<string> {
  const next = (id: string): string[] => [...(control.get(id)?.values() ?? [])].map((e) => e.to_node.id);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cyclic = new Set<string>();
  for (const root of control.keys()) {
    if (index.has(root)) continue;
    const frames: { id: string; succ: string[]; at: number }[] = [];
    const enter = (id: string): void => {
      index.set(id, index.size);
      low.set(id, index.size - 1);
      stack.push(id);
      onStack.add(id);
      frames.push({ id, succ: next(id), at: 0 });
    };
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (frame.at < frame.succ.length) {
        const to = frame.succ[frame.at++]!;
        if (to === frame.id) cyclic.add(to);
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(to)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) !== index.get(frame.id)) continue;
      // frame.id is the root of a component: pop it off the stack
      const members: string[] = [];
      let id: string;
      do {
        id = stack.pop()!;
        onStack.delete(id);
        members.push(id);
      } while (id !== frame.id);
      if (members.length > 1) for (const m of members) cyclic.add(m);
    }
  }
  return cyclic;
}
