import type { Node } from '@agentspec/core';
import type { FlowInfo } from './flow-info.js';

/**
 * A flow's control graph as Mastra control flow. Every step sets the next
 * node in the frame, so each construct only needs to know which node it runs:
 * - `node`: the node's step(s), in sequence (`.then`);
 * - `branch`: after a node with several successors, `.branch` with one arm per
 *   successor it alone leads to, and an arm that passes the frame on;
 * - `guard`: a join node (several predecessors), run when it is next;
 * - `loop`: a loop header and what it dominates, `.dountil` the next node is
 *   no longer the header (a back edge sets it again);
 * - `dispatch`: the fallback for irreducible graphs — a loop over one
 *   `.branch` with an arm per node.
 */
export type Plan =
  | { readonly kind: 'node'; readonly node: Node }
  | { readonly kind: 'branch'; readonly from: Node; readonly arms: readonly { readonly target: Node; readonly body: readonly Plan[] }[] }
  | { readonly kind: 'guard'; readonly target: Node; readonly body: readonly Plan[] }
  | { readonly kind: 'loop'; readonly header: Node; readonly body: readonly Plan[] }
  | { readonly kind: 'dispatch'; readonly nodes: readonly Node[] };

interface Graph {
  readonly order: Node[];
  readonly rpo: Map<Node, number>;
  readonly idom: Map<Node, Node>;
  readonly headers: Set<Node>;
  readonly forwardPreds: Map<Node, Set<Node>>;
  readonly reducible: boolean;
}

/** The structured plan of a flow, or `undefined` when its graph is irreducible (a cycle entered in the middle). */
export function structure(info: FlowInfo): Plan[] | undefined {
  const g = analyse(info);
  if (!g.reducible) return undefined;
  const children = new Map<Node, Node[]>();
  for (const n of g.order) {
    const d = g.idom.get(n);
    if (d && d !== n) children.set(d, [...(children.get(d) ?? []), n]);
  }
  const doTree = (x: Node): Plan[] => {
    const ops = nodeOps(x);
    return g.headers.has(x) ? [{ kind: 'loop', header: x, body: ops }] : ops;
  };
  const nodeOps = (x: Node): Plan[] => {
    const ops: Plan[] = [{ kind: 'node', node: x }];
    const kids = (children.get(x) ?? []).sort((a, b) => (g.rpo.get(a) ?? 0) - (g.rpo.get(b) ?? 0));
    const exclusive = kids.filter((c) => (g.forwardPreds.get(c)?.size ?? 0) <= 1);
    const merges = kids.filter((c) => (g.forwardPreds.get(c)?.size ?? 0) > 1);
    const succ = info.successors(x);
    if (succ.length === 1 && exclusive.length === 1 && exclusive[0]?.id === succ[0]) ops.push(...doTree(exclusive[0] as Node));
    else if (exclusive.length > 0) ops.push({ kind: 'branch', from: x, arms: exclusive.map((c) => ({ target: c, body: doTree(c) })) });
    merges.forEach((m, i) => {
      const certain = i === 0 && exclusive.length === 0 && succ.length === 1 && succ[0] === m.id;
      if (certain) ops.push(...doTree(m));
      else ops.push({ kind: 'guard', target: m, body: doTree(m) });
    });
    return ops;
  };
  return doTree(info.flow.start_node);
}

/** Depth-first order, dominators (Cooper, Harvey, Kennedy), back edges, reducibility. */
function analyse(info: FlowInfo): Graph {
  const start = info.flow.start_node;
  const succ = (n: Node): Node[] => info.successors(n).map((id) => info.byId.get(id)).filter((x): x is Node => x !== undefined);
  const post: Node[] = [];
  const state = new Map<Node, 'open' | 'done'>();
  const retreating: [Node, Node][] = [];
  const stack: { node: Node; next: Node[] }[] = [{ node: start, next: succ(start) }];
  state.set(start, 'open');
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: Node; next: Node[] };
    const v = top.next.shift();
    if (v === undefined) {
      state.set(top.node, 'done');
      post.push(top.node);
      stack.pop();
    } else if (!state.has(v)) {
      state.set(v, 'open');
      stack.push({ node: v, next: succ(v) });
    } else if (state.get(v) === 'open') retreating.push([top.node, v]);
  }
  const order = post.reverse();
  const rpo = new Map(order.map((n, i) => [n, i]));
  const preds = new Map<Node, Node[]>();
  for (const n of order) for (const s of succ(n)) preds.set(s, [...(preds.get(s) ?? []), n]);
  const idom = new Map<Node, Node>([[start, start]]);
  const intersect = (a: Node, b: Node): Node => {
    while (a !== b) {
      while ((rpo.get(a) ?? 0) > (rpo.get(b) ?? 0)) a = idom.get(a) as Node;
      while ((rpo.get(b) ?? 0) > (rpo.get(a) ?? 0)) b = idom.get(b) as Node;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const n of order) {
      if (n === start) continue;
      let d: Node | undefined;
      for (const p of preds.get(n) ?? []) if (idom.has(p)) d = d ? intersect(p, d) : p;
      if (d && idom.get(n) !== d) {
        idom.set(n, d);
        changed = true;
      }
    }
  }
  const dominates = (a: Node, b: Node): boolean => {
    for (let x: Node | undefined = b; x; x = x === start ? undefined : idom.get(x)) if (x === a) return true;
    return false;
  };
  const reducible = retreating.every(([u, v]) => dominates(v, u));
  const back = new Set(retreating.map(([u, v]) => `${u.id}\u0000${v.id}`));
  const forwardPreds = new Map<Node, Set<Node>>();
  for (const n of order) for (const p of preds.get(n) ?? []) if (!back.has(`${p.id}\u0000${n.id}`)) forwardPreds.set(n, new Set([...(forwardPreds.get(n) ?? []), p]));
  return { order, rpo, idom, headers: new Set(retreating.map(([, v]) => v)), forwardPreds, reducible };
}
