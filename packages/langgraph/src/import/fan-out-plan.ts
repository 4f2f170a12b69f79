/**
 * Static fan-out: `addEdge(a, b)`, `addEdge(a, c)` run b and c in parallel.
 * When the branches are single nodes that meet again at one node (by single
 * edges `b → d`, `c → d`, or one waiting edge `[b, c] → d`) or all end, the
 * flow runs them one after another and then the join, once, in the order
 * LangGraph applies their updates at the end of the step (by node name) —
 * what LangGraph computes, unless a branch reads what another writes in the
 * same step. Any other fan-out keeps its first edge.
 */
import { END_KEY, type StateGraphLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';

export interface FanOutPlan {
  /** A node whose way out is replaced: it goes on to this node. */
  readonly next: ReadonlyMap<string, string>;
  /** Nodes whose edges the plan keeps only the first of (the rest are dropped). */
  readonly firstOnly: ReadonlySet<string>;
  /** Waiting edges the plan accounts for (by their target). */
  readonly joined: ReadonlySet<string>;
}

export function fanOutPlan(b: StateGraphLike, hasRoute: (node: string) => boolean, ctx: ImportContext): FanOutPlan {
  const next = new Map<string, string>();
  const firstOnly = new Set<string>();
  const joined = new Set<string>();
  const out = new Map<string, string[]>();
  const into = new Map<string, number>();
  for (const [from, to] of b.edges) {
    out.set(from, [...(out.get(from) ?? []), to]);
    into.set(to, (into.get(to) ?? 0) + 1);
  }
  const waiting = [...(b.waitingEdges ?? [])];
  for (const [from, targets] of out) {
    if (targets.length < 2) continue;
    const join = joinOf(targets, out, into, waiting, hasRoute);
    if (join === undefined) {
      firstOnly.add(from);
      ctx.warn('LG_PARALLEL_DROPPED', from, `'${from}' has edges to ${targets.join(', ')} (run in parallel) that do not meet again: a flow goes on one way; only the edge to '${targets[0]}' is kept`);
      continue;
    }
    // LangGraph applies the updates of one step in the order of its tasks' paths: by node name
    const ordered = [...targets].sort();
    next.set(from, ordered[0] as string);
    ordered.slice(0, -1).forEach((t, i) => next.set(t, ordered[i + 1] as string));
    if (join.waiting) {
      joined.add(join.node);
      next.set(ordered.at(-1) as string, join.node);
    }
    ctx.warn('LG_PARALLEL_SEQUENTIAL', from, `'${from}' fans out to ${targets.join(', ')}, which meet at ${join.node === END_KEY ? 'the end' : `'${join.node}'`}: they run one after another (${ordered.join(', ')}: the order LangGraph applies their updates in), not in parallel`);
  }
  for (const [sources, to] of waiting) {
    if (!joined.has(to)) ctx.warn('LG_WAITING_EDGE_DROPPED', to, `the edge from ${sources.join(' and ')} to '${to}' waits for several nodes that are not one fan-out: it is left out`);
  }
  return { next, firstOnly, joined };
}

function joinOf(targets: readonly string[], out: ReadonlyMap<string, string[]>, into: ReadonlyMap<string, number>, waiting: readonly [string[], string][], hasRoute: (n: string) => boolean): { node: string; waiting: boolean } | undefined {
  if (new Set(targets).size !== targets.length) return undefined;
  if (targets.some((t) => t === END_KEY || (into.get(t) ?? 0) !== 1 || hasRoute(t))) return undefined;
  const ways = targets.map((t) => out.get(t) ?? []);
  if (ways.every((w) => w.length === 1 && w[0] === ways[0]?.[0])) return { node: ways[0]?.[0] as string, waiting: false };
  if (ways.every((w) => w.length === 0)) {
    const wait = waiting.find(([sources]) => sources.length === targets.length && targets.every((t) => sources.includes(t)));
    return wait ? { node: wait[1], waiting: true } : { node: END_KEY, waiting: false };
  }
  return undefined;
}
