/**
 * Any StateGraph as a Flow (DESIGN §5): one variable space shared by name
 * (LangGraph's state, values as plain JSON; `data_flow_connections: null`);
 * each node a ToolNode whose ServerTool is named after the node and runs its
 * function (node-segment.ts); conditional edges as a router named after its
 * path function and a BranchingNode (router-nodes.ts), `Send`s as a MapNode
 * (send-fan-out.ts), `Command` routing as a BranchingNode after the node;
 * fan-out run in a row (fan-out-plan.ts); a node without a way out goes to
 * the EndNode. What the flow does differently is a coded warning.
 */
import type { Doc, DocumentBuilder } from './document.js';
import { ref } from './document.js';
import { fanOutPlan } from './fan-out-plan.js';
import { FlowAssembly, FlowVariables, type ForeignGraph } from './flow-assembly.js';
import { isGraph, isPrebuiltToolNode, START_KEY, type Breakpoints, type StateGraphLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';
import { nodeSegment, type Segment } from './node-segment.js';
import { connectOutgoing, entryOf, type GraphPlan } from './outgoing-edges.js';
import type { ImportNested } from './own-graph.js';
import { commandTargets, routePlan, type RoutePlan } from './route-plan.js';
import { scanSource, type SourceFacts } from './source-scan.js';
import { GraphState } from './state-channels.js';

const NO_FACTS: SourceFacts = { text: undefined, literals: [], end: false, interrupts: 0, interruptMessage: undefined, command: false, commandParent: false, send: false, sendTargets: [] };

export async function foreignFlowDocument(b: StateGraphLike, name: string, breakpoints: Breakpoints, docs: DocumentBuilder, ctx: ImportContext, nested: ImportNested): Promise<Doc> {
  const state = new GraphState(b, ctx, name);
  const nodeNames = Object.keys(b.nodes).filter((n) => !n.startsWith('__error_handler__'));
  const flow = new FlowAssembly(docs, ctx);
  const vars = new FlowVariables(state.keys.map((k) => k.name));
  const start = { component_type: 'StartNode', id: ctx.id(`${name}_start`), name: 'start', inputs: state.inputs, outputs: state.inputs };
  const end = { component_type: 'EndNode', id: ctx.id(`${name}_end`), name: 'end', inputs: state.outputs, outputs: state.outputs };
  const g: ForeignGraph = { b, label: name, nodeNames, state, ctx, docs, flow, vars, route: vars.fresh('route'), breakpoints, nested, end: end.id };
  flow.add(start);

  const edges = new Map<string, string[]>();
  for (const [from, to] of b.edges) edges.set(from, [...(edges.get(from) ?? []), to]);
  const facts = new Map(nodeNames.map((n) => {
    const runnable = b.nodes[n]?.runnable;
    return [n, isGraph(runnable) || isPrebuiltToolNode(runnable) ? NO_FACTS : scanSource(runnable)] as const;
  }));
  const commands = new Map<string, string[]>();
  for (const n of nodeNames) {
    const targets = commandTargets(n, b.nodes[n]?.ends, facts.get(n) ?? NO_FACTS, nodeNames, ctx);
    if (targets) commands.set(n, targets);
  }
  const routes = conditionalEdges(b, edges, nodeNames, ctx);
  const fanOut = fanOutPlan(b, (n) => routes.has(n) || commands.has(n), ctx);

  const reached = new Set<string>([...[...edges.values()].flat(), ...[...routes.values()].flatMap((r) => Object.values(r.targets)), ...[...commands.values()].flat(), ...fanOut.next.values(), ...fanOut.joined]);
  const sendOnly = new Set([...routes.values()].map((r) => r.sendTarget).filter((t): t is string => t !== undefined && !reached.has(t)));
  const segments = new Map<string, Segment>();
  for (const n of nodeNames) {
    if (sendOnly.has(n)) continue;
    segments.set(n, await nodeSegment(g, n, b.nodes[n] ?? {}, facts.get(n) ?? NO_FACTS, commands.get(n)));
  }
  const plan: GraphPlan = { routes, fanOut, edges, segments, specs: b.nodes };
  for (const seg of segments.values()) {
    for (const t of seg.command?.targets ?? []) flow.edge({ from: seg.command?.id as string, branch: t }, entryOf(g, plan, t));
  }
  connectOutgoing(g, plan, START_KEY, { from: start.id });
  for (const [n, seg] of segments) connectOutgoing(g, plan, n, seg.exit);
  flow.add(end);
  return {
    component_type: 'Flow', id: ctx.id(name), name,
    inputs: state.inputs, outputs: state.outputs,
    start_node: ref(start.id), nodes: flow.nodes, control_flow_connections: flow.control, data_flow_connections: null,
  };
}

/** The conditional edge of each source node (one: a node with several, or with edges too, runs them in parallel). */
function conditionalEdges(b: StateGraphLike, edges: ReadonlyMap<string, readonly string[]>, nodeNames: readonly string[], ctx: ImportContext): Map<string, RoutePlan> {
  const routes = new Map<string, RoutePlan>();
  for (const [source, branches] of Object.entries(b.branches)) {
    const label = source === START_KEY ? 'start' : source;
    const list = Object.entries(branches);
    const [first] = list;
    if (!first) continue;
    if ((edges.get(source) ?? []).length > 0) {
      ctx.warn('LG_PARALLEL_CONDITIONAL', label, `'${label}' has edges and a conditional edge (run in parallel): the flow follows its edge${list.length > 1 ? 's' : ''} only; the conditional edge is left out`);
      continue;
    }
    if (list.length > 1) ctx.warn('LG_PARALLEL_CONDITIONAL', label, `'${label}' has ${list.length} conditional edges (run in parallel): only '${first[0]}' is kept`);
    const plan = routePlan(label, first[1], nodeNames, ctx);
    if (plan) routes.set(source, plan);
  }
  return routes;
}
