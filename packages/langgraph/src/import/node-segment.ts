/**
 * One graph node as flow nodes: a compiled subgraph as a FlowNode (an agent
 * graph as an AgentNode); a function as a ToolNode whose ServerTool is named
 * after the node, preceded by an InputMessageNode per `interrupt()` call (or
 * breakpoint) and followed, when it routes with `Command`, by a
 * BranchingNode on where it goes.
 */
import type { Property } from '@agentspec/core';
import type { Doc } from './document.js';
import type { Exit, ForeignGraph } from './flow-assembly.js';
import { isGraph, isPrebuiltToolNode, type NodeSpecLike } from './graph-shape.js';
import type { NodePolicies } from './node-runner.js';
import { nodeTool } from './node-tools.js';
import { show } from './route-plan.js';
import type { SourceFacts } from './source-scan.js';

export interface Segment {
  /** Where edges into the node go. */
  readonly entry: string;
  /** Where its way out (edges, conditional edges) leaves from. */
  readonly exit: Exit;
  /** Its Command's BranchingNode: the branch of each node it may go to. */
  readonly command?: { readonly id: string; readonly targets: readonly string[] };
}

export async function nodeSegment(g: ForeignGraph, name: string, spec: NodeSpecLike, facts: SourceFacts, targets: readonly string[] | undefined): Promise<Segment> {
  const { ctx, flow } = g;
  const id = ctx.id(name);
  const before = pauses(g, name, 'before');
  if (isGraph(spec.runnable)) {
    const inner = await g.nested(spec.runnable);
    flow.add(inner.component_type === 'Agent' ? { component_type: 'AgentNode', id, name, agent: inner } : { component_type: 'FlowNode', id, name, subflow: inner });
    return chain(g, before, id, pauses(g, name, 'after'));
  }
  if ((spec.subgraphs ?? []).length > 0) ctx.warn('LG_SUBGRAPH_IN_FUNCTION', name, `node '${name}' invokes a subgraph in its function: the ServerTool '${name}' runs the function, and the subgraph in it; the subgraph is not a FlowNode of the spec`);
  if (facts.commandParent) ctx.warn('LG_COMMAND_PARENT', name, `node '${name}' returns a Command to its parent graph: the spec cannot go there (the goto fails at run time)`);
  const answers: Property[] = [];
  for (let i = 0; i < facts.interrupts; i++) {
    const answer = g.vars.fresh(`${name}_answer`.replace(/[^A-Za-z0-9_]+/g, '_'));
    answers.push({ title: answer, type: 'string' } as Property);
    const message = i === 0 && facts.interruptMessage !== undefined ? facts.interruptMessage.replace(/\{\{/g, '{ {') : null;
    before.push({ component_type: 'InputMessageNode', id: ctx.id(`${name}_interrupt`), name: `${name} interrupt${facts.interrupts > 1 ? ` ${i + 1}` : ''}`, message, outputs: [answers[i]] });
  }
  if (facts.interrupts > 0) {
    ctx.warn('LG_INTERRUPT', name, `node '${name}' calls interrupt() ${facts.interrupts === 1 ? 'once' : `${facts.interrupts} times`}: the spec asks the user (InputMessageNode '${name} interrupt') before the node runs, each time it runs${facts.interruptMessage === undefined ? ', with no message (the value given to interrupt() is not a string literal)' : ''}; interrupt() returns the answer (a JSON object or array parsed)`);
  }
  const route = targets !== undefined ? g.route : undefined;
  const policies = nodePolicies(name, spec, ctx);
  const toolName = ctx.tool(name, nodeTool(g.state, spec.runnable, { label: name, answers: answers.map((a) => a.title), policies, ...(route !== undefined ? { route } : {}) }));
  const outputs = [...g.state.toolOutputs, ...(route !== undefined ? [{ title: route, type: 'string', default: null } as unknown as Property] : [])];
  flow.add({
    component_type: 'ToolNode', id, name,
    tool: { component_type: 'ServerTool', id: ctx.id(`${name}_tool`), name: toolName, description: description(name, spec, targets, g.route), inputs: [...g.state.toolInputs, ...answers], outputs },
  });
  const seg = chain(g, before, id, pauses(g, name, 'after'));
  if (targets === undefined) return seg;
  const branching = ctx.id(`${name}_goto`);
  flow.add({ component_type: 'BranchingNode', id: branching, name: `${name} goto`, inputs: [{ title: g.route, type: 'string', default: null }], mapping: Object.fromEntries(targets.map((t) => [t, t])) });
  flow.edge(seg.exit, branching);
  return { entry: seg.entry, exit: { from: branching, branch: 'default' }, command: { id: branching, targets } };
}

/** A node's retry policy and timeout (its tool applies them); what else of its options the spec does not keep is a warning. */
export function nodePolicies(name: string, spec: NodeSpecLike, ctx: ForeignGraph['ctx']): NodePolicies {
  const dropped = [
    spec.cachePolicy ? 'a cache policy (cachePolicy)' : '',
    spec.errorHandlerNode ? 'an error handler (errorHandler)' : '',
    spec.defer ? 'deferred execution (defer)' : '',
  ].filter(Boolean);
  if (dropped.length > 0) ctx.warn('LG_NODE_OPTION', name, `node '${name}' has ${dropped.join(' and ')}: the spec's ServerTool runs the node without it`);
  return { ...(spec.retryPolicy ? { retryPolicy: spec.retryPolicy } : {}), ...(spec.timeout ? { timeout: spec.timeout } : {}) };
}

/** InputMessageNodes of the graph's breakpoints on a node (`interruptBefore` / `interruptAfter`). */
function pauses(g: ForeignGraph, name: string, when: 'before' | 'after'): Doc[] {
  const list = g.breakpoints[when];
  if (list !== '*' && !list.includes(name)) return [];
  g.ctx.warn('LG_BREAKPOINT', name, `the graph pauses ${when} '${name}' (interrupt${when === 'before' ? 'Before' : 'After'}): an InputMessageNode waits there; the answer is ignored`);
  const answer = g.vars.fresh(`${name}_${when}_pause`.replace(/[^A-Za-z0-9_]+/g, '_'));
  return [{ component_type: 'InputMessageNode', id: g.ctx.id(`${name}_pause_${when}`), name: `${name} (pause ${when})`, message: `Paused ${when} '${name}': answer anything to go on.`, outputs: [{ title: answer, type: 'string' }] }];
}

/** Nodes run in a row around the node itself: returns the first and the exit of the last. */
function chain(g: ForeignGraph, before: readonly Doc[], id: string, after: readonly Doc[]): Segment {
  const ids = [...before.map((d) => g.flow.add(d)), id, ...after.map((d) => g.flow.add(d))];
  for (let i = 1; i < ids.length; i++) g.flow.edge({ from: ids[i - 1] as string }, ids[i] as string);
  return { entry: ids[0] as string, exit: { from: ids.at(-1) as string } };
}

function description(name: string, spec: NodeSpecLike, targets: readonly string[] | undefined, route: string): string {
  const runnable = spec.runnable;
  const base = isPrebuiltToolNode(runnable)
    ? `The prebuilt ToolNode '${name}' (tools: ${runnable.tools.map((t) => t.name ?? '?').join(', ') || 'none'}): runs the tool calls of the last AI message; the state in, the new values of the keys it updates out.`
    : `The function of graph node '${name}': the state in, the new values of the keys it updates out (the graph's reducers applied).`;
  return targets === undefined ? base : `${base} Its Command goes to ${targets.map(show).join(', ')} (output '${route}'; null: on along its edges).`;
}
