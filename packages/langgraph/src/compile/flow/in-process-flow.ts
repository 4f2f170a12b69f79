import { messagesStateReducer, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { Flow, Node } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import type { CompileContext } from '../context.js';
import { eventsOn, inSpanConfig } from '../events.js';
import type { GraphState, GraphUpdate, LangGraph, NodeFn } from '../graph-types.js';
import { compileNode } from './compile-flow.js';
import { routesOnBranch, transitionsOf, type Transitions } from './flow-edges.js';
import { FlowData } from './flow-data.js';
import { mergeByName, mergeByNode } from './flow-state.js';
import { inProcessSteps } from './in-process-steps.js';
import { nodeAction } from './node-action.js';
import { invokeSubgraph, type SubgraphResult } from './nodes/sub-graphs.js';

/**
 * One run of a subflow for a node (a MapNode's or ParallelMapNode's
 * iteration): its outputs, finishing branch and added messages. `key` tells
 * the runs of one task apart (the iteration's index).
 */
export type SubflowRun = (
  inputs: Readonly<Record<string, unknown>>,
  messages: readonly BaseMessage[],
  config: LangGraphRunnableConfig,
  span: string | undefined,
  key: number,
) => Promise<SubgraphResult>;

/** The namespace part of an in-process run of a subflow, and of each of its node executions (span ids, flowSpanId). */
const RUN_PART = 'agentspec_iteration';
const NODE_PART = 'agentspec_node';
/** Where LangGraph gives a task the checkpointer of its run (CONFIG_KEY_CHECKPOINTER, not exported by the package). */
const CHECKPOINTER_KEY = '__pregel_checkpointer';

/**
 * A subflow that runs in process (inProcessSteps): its node bodies — the
 * same nodeActions its graph's nodes run — called one after the other in the
 * task of the node running it, on a state of its own updated with the graph's
 * reducers, following its control edges as the graph's edges would. Its
 * trace is the graph's (the same events, spans nested the same way: each
 * node execution gets a namespace of its own under the run's); it makes no
 * LangGraph steps, checkpoints or callbacks runs of its own — and so runs so
 * only in a run without a checkpointer (canRun).
 */
export class InProcessFlow {
  private readonly steps = new Map<Node, NodeFn>();
  private readonly transitions: Transitions;
  private readonly merge: (a: Record<string, unknown>, b: Record<string, unknown>) => Record<string, unknown>;

  private constructor(readonly flow: Flow, ctx: CompileContext, readonly longest: number) {
    const data = new FlowData(flow);
    this.transitions = transitionsOf(flow);
    this.merge = data.named ? mergeByName : mergeByNode;
    for (const node of flow.nodes) {
      const compiled = compileNode(node, { flow, ctx });
      // inProcessSteps admits no fan-out node
      if (!('fanOut' in compiled)) this.steps.set(node, nodeAction(flow, node, compiled, data, this.transitions));
    }
  }

  /** The subflow in process when it can run so (inProcessSteps), else undefined; compiled once per compilation. */
  static of(flow: Flow, ctx: CompileContext): InProcessFlow | undefined {
    let byFlow = compiled.get(ctx);
    if (!byFlow) compiled.set(ctx, (byFlow = new Map()));
    if (byFlow.has(flow)) return byFlow.get(flow);
    const longest = inProcessSteps(flow);
    const local = longest === undefined ? undefined : new InProcessFlow(flow, ctx, longest);
    byFlow.set(flow, local);
    return local;
  }

  /**
   * Whether a run with the calling task's `config` can be in process:
   *
   * - the run has no checkpointer: with one, the subflow's graph checkpoints
   *   each of its steps, and a thread resumed after a failure or a crash
   *   goes on from the last one (the iterations and nodes that finished do
   *   not run again), which a run in process could not do;
   * - it fits the recursion limit the subflow's graph would get (the calling
   *   task's): LangGraph runs at most `recursionLimit - 1` steps of a graph,
   *   one node execution each here. A run that might not goes through the
   *   graph, which fails as it always did.
   */
  canRun(config: LangGraphRunnableConfig, maxSteps: number): boolean {
    return config.configurable?.[CHECKPOINTER_KEY] === undefined && this.longest <= (config.recursionLimit ?? maxSteps) - 1;
  }

  async run(inputs: Readonly<Record<string, unknown>>, messages: readonly BaseMessage[], config: LangGraphRunnableConfig, span: string | undefined, key: number): Promise<SubgraphResult> {
    const base = inSpanConfig(config, span);
    // the namespaces name spans only: without events, every node runs with the task's config
    const ns = eventsOn(config) ? `${String(config.configurable?.checkpoint_ns ?? '')}|${RUN_PART}:${key}` : undefined;
    // the graph's input: the flow inputs and the conversation
    const state: GraphState = { [CHANNELS.messages]: messagesStateReducer([], [...messages]), [CHANNELS.values]: {} };
    for (const p of this.flow.inputs ?? []) if (inputs[p.title] !== undefined) state[p.title] = inputs[p.title];
    let node: Node | undefined = this.flow.start_node;
    for (let step = 0; node; step++) {
      config.signal?.throwIfAborted();
      const nodeConfig = ns === undefined ? base : { ...base, configurable: { ...base.configurable, checkpoint_ns: `${ns}|${NODE_PART}:${step}` } };
      const update = await (this.steps.get(node) as NodeFn)(state, nodeConfig);
      this.apply(state, update);
      node = this.nextAfter(node, update);
    }
    const outputs: Record<string, unknown> = {};
    for (const p of this.flow.outputs ?? []) if (state[p.title] !== undefined) outputs[p.title] = state[p.title];
    const branch = state[CHANNELS.branch];
    return { outputs, branch: typeof branch === 'string' ? branch : undefined, added: (state[CHANNELS.messages] as BaseMessage[]).slice(messages.length) };
  }

  /** The update of a node applied to the state, with the reducers of the graph's channels. */
  private apply(state: GraphState, update: GraphUpdate): void {
    for (const [k, v] of Object.entries(update)) {
      if (k === CHANNELS.messages) state[k] = messagesStateReducer(state[k] as BaseMessage[], v as BaseMessage[]);
      else if (k === CHANNELS.values) state[k] = this.merge(state[k] as Record<string, unknown>, v as Record<string, unknown>);
      else state[k] = v;
    }
  }

  /** The node the graph's edges lead to after `node` (addControlEdges): none after an EndNode or where no edge leaves. */
  private nextAfter(node: Node, update: GraphUpdate): Node | undefined {
    if (node.component_type === 'EndNode') return undefined;
    const leaving = this.transitions.get(node);
    if (!leaving || leaving.size === 0) return undefined;
    if (!routesOnBranch(node, leaving)) return leaving.values().next().value;
    return leaving.get(update[CHANNELS.branch] as string);
  }
}

const compiled = new WeakMap<CompileContext, Map<Flow, InProcessFlow | undefined>>();

/**
 * How a node runs its subflow: in process when it can (InProcessFlow) and the
 * run allows it (no checkpointer, within the recursion limit: canRun), else by invoking the subflow's graph
 * (`graph`, asked for only then) — the same outputs, messages and trace.
 */
export function subflowRun(flow: Flow, ctx: CompileContext, graph: () => LangGraph): SubflowRun {
  const local = InProcessFlow.of(flow, ctx);
  const inProcess = runsInProcess(flow, ctx);
  return (inputs, messages, config, span, key) => local && inProcess(config)
    ? local.run(inputs, messages, config, span, key)
    : invokeSubgraph(graph(), inputs, flow.outputs, messages, config, span);
}

/** Whether subflowRun runs `flow` in process for a task with this config (InProcessFlow.of and canRun). */
export function runsInProcess(flow: Flow, ctx: CompileContext): (config: LangGraphRunnableConfig) => boolean {
  const local = InProcessFlow.of(flow, ctx);
  const { maxSteps } = ctx.limits;
  return local ? (config) => local.canRun(config, maxSteps) : () => false;
}
