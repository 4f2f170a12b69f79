import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { Flow, Node } from '@agentspec/core';
import { resolveInputs, RuntimeError, type ErrorSite } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import { emit, emitException, eventsOn, parentSpan, span } from '../events.js';
import type { GraphState, GraphUpdate, NodeFn } from '../graph-types.js';
import { routesOnBranch, type Transitions } from './flow-edges.js';
import type { FlowData } from './flow-data.js';
import { graphNode } from './flow-node-kinds.js';
import type { FlowValues } from './flow-state.js';
import type { CompiledNode, NodeOutcome } from './node-handler.js';

/** The span of the flow a node of this graph runs in (the same for every node of one run of the graph). */
export function flowSpanId(config: LangGraphRunnableConfig): string {
  const ns = String(config.configurable?.checkpoint_ns ?? '');
  return `flow:${String(config.configurable?.thread_id ?? '')}:${ns.slice(0, Math.max(0, ns.lastIndexOf('|')))}`;
}

/** The inputs of `node`: the flow inputs for the StartNode, data edges or names otherwise (coerced, defaults applied). */
export function nodeInputs(flow: Flow, node: Node, data: FlowData, state: GraphState): Record<string, unknown> {
  const site = { node: node.id };
  const { inputs } = graphNode(node);
  return node === flow.start_node
    ? resolveInputs(inputs, resolveInputs(flow.inputs ?? inputs, state, site), site)
    : resolveInputs(inputs, data.available(node, state[CHANNELS.values] as FlowValues | undefined), site);
}

/**
 * The state update of a node that finished with `outcome`: its outputs
 * written where data edges take them, the branch it finished on written where
 * a conditional edge routes on it (AS_NO_TRANSITION for a branch no edge
 * leaves), messages added to the conversation.
 */
export function finishedUpdate(node: Node, outcome: NodeOutcome, data: FlowData, transitions: Transitions): { update: GraphUpdate; branch: string } {
  const site: ErrorSite = { node: node.id };
  const isEnd = node.component_type === 'EndNode';
  const leaving = transitions.get(node);
  const branch = outcome.branch ?? 'next';
  if (!isEnd && !leaving?.has(branch)) throw new RuntimeError('AS_NO_TRANSITION', `no control edge leaves branch '${branch}'`, site);
  // the branch is state only where an edge routes on it (conditional edges) or the flow ends on it
  const routes = isEnd || routesOnBranch(node, leaving);
  const update: GraphUpdate = routes ? { [CHANNELS.branch]: branch, ...outcome.update } : { ...outcome.update };
  const writes = data.writes(node, outcome.outputs);
  if (writes) update[CHANNELS.values] = writes;
  if (outcome.messages && outcome.messages.length > 0) update[CHANNELS.messages] = [...outcome.messages];
  return { update, branch };
}

/**
 * Run `node` on `state` in the flow's span: its inputs resolved (nodeInputs),
 * the node kind's semantics run (`compiled`) in its node span — at `position`
 * of the task running it (a BranchingNode folded into its predecessor's edge
 * runs in that task: folded-branching.ts) — the state update made
 * (finishedUpdate); a failure fails the flow's span too.
 */
export async function runNode(
  flow: Flow, node: Node, compiled: CompiledNode, data: FlowData, transitions: Transitions,
  state: GraphState, config: LangGraphRunnableConfig, flowSpan: string | undefined, position?: string,
): Promise<{ update: GraphUpdate; branch: string; outcome: NodeOutcome }> {
  const inputs = nodeInputs(flow, node, data, state);
  const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
  let outcome: NodeOutcome;
  try {
    outcome = await span(config, ['NodeExecutionStart', 'NodeExecutionEnd'], node.name, { node: node.id, component_type: node.component_type, inputs }, flowSpan,
      (nodeSpan) => compiled.run({ inputs, state, messages, config, span: nodeSpan }),
      (o) => ({ outputs: o.outputs, branch: o.branch ?? 'next' }), position);
  } catch (e) {
    // a failed node fails its flow (an interrupt does not: emitException leaves it)
    if (flowSpan) emitException(config, flowSpan, flow.name, e);
    throw e;
  }
  return { ...finishedUpdate(node, outcome, data, transitions), outcome };
}

/**
 * The body of `node` in `flow`: runNode, between the flow's start and end
 * events for its StartNode and EndNodes.
 * Also the node steps of emitted flows (flowNodes.step).
 */
export function nodeAction(flow: Flow, node: Node, compiled: CompiledNode, data: FlowData, transitions: Transitions): NodeFn {
  const isStart = node === flow.start_node;
  const isEnd = node.component_type === 'EndNode';
  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const flowSpan = eventsOn(config) ? flowSpanId(config) : undefined;
    if (isStart && flowSpan) emit(config, 'FlowExecutionStart', flowSpan, flow.name, { flow: flow.id }, parentSpan(config));
    const { update, branch, outcome } = await runNode(flow, node, compiled, data, transitions, state, config, flowSpan);
    if (isEnd && flowSpan) emit(config, 'FlowExecutionEnd', flowSpan, flow.name, { outputs: outcome.update ?? {}, branch }, parentSpan(config));
    return update;
  };
}
