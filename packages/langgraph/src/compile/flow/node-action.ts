import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { Flow, Node, Property } from '@agentspec/core';
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

/** What a run of a node gave: its state update, the branch it finished on, its body's outcome. */
export interface NodeFinish {
  readonly update: GraphUpdate;
  readonly branch: string;
  readonly outcome: NodeOutcome;
}

/**
 * A node of a flow's graph, what running it needs looked up once when the
 * graph is compiled (its inputs, where its branches lead, whether the branch
 * is state), so that a run only does the run's work.
 */
export class NodeStep {
  readonly site: ErrorSite;
  private readonly isStart: boolean;
  private readonly isEnd: boolean;
  private readonly inputProps: readonly Property[] | null | undefined;
  private readonly leaving: ReadonlyMap<string, Node> | undefined;
  /** Whether the branch is state: an edge routes on it (conditional edges) or the flow ends on it. */
  private readonly routes: boolean;

  constructor(readonly flow: Flow, readonly node: Node, private readonly data: FlowData, transitions: Transitions) {
    this.site = Object.freeze({ node: node.id });
    this.isStart = node === flow.start_node;
    this.isEnd = node.component_type === 'EndNode';
    this.inputProps = graphNode(node).inputs;
    this.leaving = transitions.get(node);
    this.routes = this.isEnd || routesOnBranch(node, this.leaving);
  }

  /** The node's inputs: the flow inputs for the StartNode, data edges or names otherwise (coerced, defaults applied). */
  inputs(state: GraphState): Record<string, unknown> {
    const { inputProps: props, site } = this;
    return this.isStart
      ? resolveInputs(props, resolveInputs(this.flow.inputs ?? props, state, site), site)
      : resolveInputs(props, this.data.available(this.node, state[CHANNELS.values] as FlowValues | undefined), site);
  }

  /**
   * The state update of the node finished with `outcome`: its outputs written
   * where data edges take them, the branch it finished on written where a
   * conditional edge routes on it (AS_NO_TRANSITION for a branch no edge
   * leaves), messages added to the conversation.
   */
  finished(outcome: NodeOutcome): { update: GraphUpdate; branch: string } {
    const branch = outcome.branch ?? 'next';
    if (!this.isEnd && !this.leaving?.has(branch)) throw new RuntimeError('AS_NO_TRANSITION', `no control edge leaves branch '${branch}'`, this.site);
    const update: GraphUpdate = this.routes ? { [CHANNELS.branch]: branch, ...outcome.update } : { ...outcome.update };
    const writes = this.data.writes(this.node, outcome.outputs);
    if (writes) update[CHANNELS.values] = writes;
    if (outcome.messages && outcome.messages.length > 0) update[CHANNELS.messages] = [...outcome.messages];
    return { update, branch };
  }

  /**
   * Run the node on `state` in the flow's span: its inputs resolved, the node
   * kind's semantics run (`compiled`) in its node span — at `position` of the
   * task running it (a BranchingNode folded into its predecessor's edge runs
   * in that task: folded-branching.ts) — the state update made (finished); a
   * failure fails the flow's span too. Without events, no span is built.
   */
  async run(compiled: CompiledNode, state: GraphState, config: LangGraphRunnableConfig, flowSpan: string | undefined, position?: string): Promise<NodeFinish> {
    const inputs = this.inputs(state);
    const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
    let outcome: NodeOutcome;
    if (flowSpan === undefined && !eventsOn(config)) {
      outcome = await compiled.run({ inputs, state, messages, config, span: undefined });
    } else {
      const { node } = this;
      try {
        outcome = await span(config, ['NodeExecutionStart', 'NodeExecutionEnd'], node.name, { node: node.id, component_type: node.component_type, inputs }, flowSpan,
          (nodeSpan) => compiled.run({ inputs, state, messages, config, span: nodeSpan }),
          (o) => ({ outputs: o.outputs, branch: o.branch ?? 'next' }), position);
      } catch (e) {
        // a failed node fails its flow (an interrupt does not: emitException leaves it)
        if (flowSpan) emitException(config, flowSpan, this.flow.name, e);
        throw e;
      }
    }
    const { update, branch } = this.finished(outcome);
    return { update, branch, outcome };
  }

  /**
   * The node's body as a graph node: run, between the flow's start and end
   * events for its StartNode and EndNodes.
   */
  action(compiled: CompiledNode): NodeFn {
    const { flow, isStart, isEnd } = this;
    return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
      const flowSpan = eventsOn(config) ? flowSpanId(config) : undefined;
      if (isStart && flowSpan) emit(config, 'FlowExecutionStart', flowSpan, flow.name, { flow: flow.id }, parentSpan(config));
      const { update, branch, outcome } = await this.run(compiled, state, config, flowSpan);
      if (isEnd && flowSpan) emit(config, 'FlowExecutionEnd', flowSpan, flow.name, { outputs: outcome.update ?? {}, branch }, parentSpan(config));
      return update;
    };
  }
}

/**
 * The body of `node` in `flow` (NodeStep.action).
 * Also the node steps of emitted flows (flowNodes.step).
 */
export function nodeAction(flow: Flow, node: Node, compiled: CompiledNode, data: FlowData, transitions: Transitions): NodeFn {
  return new NodeStep(flow, node, data, transitions).action(compiled);
}
