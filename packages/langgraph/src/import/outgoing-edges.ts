/**
 * A graph node's way out, from where its part of the flow ends: its edge; its
 * conditional edge (router, branches, Sends); the next node of a fan-out run
 * in a row; or, when it has none, the end (LangGraph's implicit END).
 */
import type { Exit, ForeignGraph } from './flow-assembly.js';
import { END_KEY, type NodeSpecLike } from './graph-shape.js';
import type { FanOutPlan } from './fan-out-plan.js';
import type { Segment } from './node-segment.js';
import type { RoutePlan } from './route-plan.js';
import { routerNodes } from './router-nodes.js';
import { sendFanOut } from './send-fan-out.js';

export interface GraphPlan {
  /** The conditional edge kept per source node. */
  readonly routes: ReadonlyMap<string, RoutePlan>;
  readonly fanOut: FanOutPlan;
  /** The static edges by source, in the order they were added. */
  readonly edges: ReadonlyMap<string, readonly string[]>;
  readonly segments: ReadonlyMap<string, Segment>;
  readonly specs: Readonly<Record<string, NodeSpecLike>>;
}

/** Where edges into a graph node (or END) go in the flow. */
export function entryOf(g: ForeignGraph, plan: GraphPlan, target: string): string {
  if (target === END_KEY) return g.end;
  const seg = plan.segments.get(target);
  if (!seg) throw new Error(`internal: graph node '${target}' has no part in the flow`);
  return seg.entry;
}

export function connectOutgoing(g: ForeignGraph, plan: GraphPlan, source: string, exit: Exit, sending: ReadonlySet<string> = new Set()): void {
  const next = plan.fanOut.next.get(source);
  if (next !== undefined) return g.flow.edge(exit, entryOf(g, plan, next));
  const statics = plan.edges.get(source) ?? [];
  const route = plan.routes.get(source);
  if (route && statics.length === 0) {
    const label = source === '__start__' ? 'start' : source;
    const parts = routerNodes(g, label, route, exit);
    for (const b of parts.branches) g.flow.edge(b.exit, entryOf(g, plan, b.target));
    const target = route.sendTarget;
    if (parts.send && target !== undefined) {
      if (sending.has(target)) throw new Error(`internal: Sends to '${target}' in a cycle of Sends`);
      const after = sendFanOut(g, label, target, plan.specs[target] ?? {}, parts.send.payload, parts.send.exit);
      connectOutgoing(g, plan, target, after, new Set([...sending, target]));
    }
    return;
  }
  g.flow.edge(exit, statics.length === 0 ? g.end : entryOf(g, plan, statics[0] as string));
}
