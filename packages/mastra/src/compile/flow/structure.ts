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

/** Arms, guards and loops nested deeper than this are not nested: each is a nested Mastra workflow, and Mastra runs them by recursion. */
export const MAX_NESTING = 64;

/** Why a flow's plan is not its structured one, as a compile warning says it (`approximated`). */
export const PLAN_WARNINGS = {
  irreducible: 'its control flow has a cycle entered in the middle, which Mastra\'s .then/.branch/.dountil cannot express: it runs as a .dountil loop over a .branch of every node (same behaviour, less readable graph)',
  deep: `its branches nest deeper than ${MAX_NESTING} levels, each a nested Mastra workflow: its nodes run in sequence instead, each behind a .branch on whether it is next (same behaviour, flatter graph)`,
  deepCycle: `its branches nest deeper than ${MAX_NESTING} levels, each a nested Mastra workflow, and it has cycles: it runs as a .dountil loop over a .branch of every node (same behaviour, less readable graph)`,
} as const;

/**
 * What a flow runs as: its structured plan; else (`warning` says why) a
 * sequence of guarded nodes for a graph without cycles that nests too deep,
 * or a dispatcher (a loop over one `.branch` of every node) — always with
 * `dispatcher` (the `controlFlow: 'dispatcher'` option).
 */
export function planOf(info: FlowInfo, dispatcher = false): { plan: Plan[]; warning?: keyof typeof PLAN_WARNINGS } {
  const dispatch = (): Plan[] => [{ kind: 'node', node: info.flow.start_node }, { kind: 'dispatch', nodes: [...info.byId.values()] }];
  if (dispatcher) return { plan: dispatch() };
  const g = analyse(info);
  if (!g.reducible) return { plan: dispatch(), warning: 'irreducible' };
  const plan = structured(info, g);
  if (nesting(plan) <= MAX_NESTING) return { plan };
  if (g.headers.size > 0) return { plan: dispatch(), warning: 'deepCycle' };
  // no cycle: in reverse postorder every edge leads forward, so a node's turn comes after the node that chose it
  const [first, ...rest] = g.order as [Node, ...Node[]];
  return { plan: [{ kind: 'node', node: first }, ...rest.map((node): Plan => ({ kind: 'guard', target: node, body: [{ kind: 'node', node }] }))], warning: 'deep' };
}

/** How deep arms, guards and loop bodies nest in `plan`. */
function nesting(plan: readonly Plan[]): number {
  let deepest = 0;
  const stack: [readonly Plan[], number][] = [[plan, 0]];
  while (stack.length > 0) {
    const [list, depth] = stack.pop() as [readonly Plan[], number];
    deepest = Math.max(deepest, depth);
    for (const p of list) {
      if (p.kind === 'branch') for (const a of p.arms) stack.push([a.body, depth + 1]);
      else if (p.kind === 'guard' || p.kind === 'loop') stack.push([p.body, depth + 1]);
    }
  }
  return deepest;
}

/** The structured plan of a reducible flow. */
function structured(info: FlowInfo, g: Graph): Plan[] {
  const children = new Map<Node, Node[]>();
  for (const n of g.order) {
    const d = g.idom.get(n);
    if (d && d !== n) pushTo(children, d, n);
  }
  // Written as tasks on a stack, not as recursion: a chain of nodes nests one
  // call per node, and a flow of a few thousand nodes would overflow the call
  // stack. A task appends to its array and returns the tasks that come after
  // it, in order; they run before the task's later siblings (depth first, the
  // order in which recursion would have appended).
  type Task = () => Task[];
  const tree = (x: Node, into: Plan[]): Task => () => {
    if (!g.headers.has(x)) return [nodeOps(x, into)];
    const body: Plan[] = [];
    into.push({ kind: 'loop', header: x, body });
    return [nodeOps(x, body)];
  };
  const nested = (into: Plan[], make: (body: Plan[]) => Plan, target: Node): Task => () => {
    const body: Plan[] = [];
    into.push(make(body));
    return [tree(target, body)];
  };
  const nodeOps = (x: Node, into: Plan[]): Task => () => {
    into.push({ kind: 'node', node: x });
    const kids = (children.get(x) ?? []).sort((a, b) => (g.rpo.get(a) ?? 0) - (g.rpo.get(b) ?? 0));
    const exclusive = kids.filter((c) => (g.forwardPreds.get(c)?.size ?? 0) <= 1);
    const merges = kids.filter((c) => (g.forwardPreds.get(c)?.size ?? 0) > 1);
    const succ = info.successors(x);
    const next: Task[] = [];
    if (succ.length === 1 && exclusive.length === 1 && exclusive[0]?.id === succ[0]) next.push(tree(exclusive[0] as Node, into));
    else if (exclusive.length > 0) {
      next.push(() => {
        const arms = exclusive.map((c) => ({ target: c, body: [] as Plan[] }));
        into.push({ kind: 'branch', from: x, arms });
        return arms.map((a) => tree(a.target, a.body));
      });
    }
    merges.forEach((m, i) => {
      const certain = i === 0 && exclusive.length === 0 && succ.length === 1 && succ[0] === m.id;
      next.push(certain ? tree(m, into) : nested(into, (body) => ({ kind: 'guard', target: m, body }), m));
    });
    return next;
  };
  const plan: Plan[] = [];
  const stack: Task[] = [tree(info.flow.start_node, plan)];
  while (stack.length > 0) {
    const after = (stack.pop() as Task)();
    for (let i = after.length - 1; i >= 0; i--) stack.push(after[i] as Task);
  }
  return plan;
}

/** Appends `value` to the list of `key` (a list made on first use). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
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
  for (const n of order) for (const s of succ(n)) pushTo(preds, s, n);
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
  for (const n of order) {
    for (const p of preds.get(n) ?? []) {
      if (back.has(`${p.id}\u0000${n.id}`)) continue;
      const set = forwardPreds.get(n);
      if (set) set.add(p);
      else forwardPreds.set(n, new Set([p]));
    }
  }
  return { order, rpo, idom, headers: new Set(retreating.map(([, v]) => v)), forwardPreds, reducible };
}
