import { isGraphBubbleUp } from '@langchain/langgraph';
import { CAUGHT_EXCEPTION_INFO, defaultReducers, type CatchExceptionNode, type ParallelFlowNode, type ParallelMapNode, type UnknownComponent } from '@agentspec/core';
import { caughtExceptionInfo, caughtOutcome, collect, isCatchable, mapIterations, mergeSubflowOutputs, dispatchLaterNode, RuntimeError, subflowInputs } from '@agentspec/runtime';
import { toRunError } from '../../../runtime/run-error.js';
import { runsInProcess, subflowRun } from '../in-process-flow.js';
import type { CompiledNode, FanOutNode, FlowCompile } from '../node-handler.js';
import { trySubgraph } from './sub-graphs.js';

/** ParallelFlowNode: a branch per subflow, run in one step, each on the node inputs it declares; outputs merged (fan-out.ts). */
function parallelFlowNode(node: ParallelFlowNode, { ctx }: FlowCompile): FanOutNode {
  const subflows = node.subflows ?? [];
  return {
    fanOut: {
      kind: 'branches',
      subflows,
      graphs: subflows.map((f) => ctx.flowGraph(f)),
      tasks: (inputs) => subflows.map((f) => subflowInputs(f, inputs)),
      outputs: (results) => mergeSubflowOutputs(node.outputs, results),
    },
  };
}

/**
 * ParallelMapNode: a `Send` per iteration, run in one step; results
 * collected in input order with the reducers (fan-out.ts). When the subflow
 * runs in process (runsInProcess: it cannot pause, and the run has no
 * checkpointer), the node's own task runs every iteration instead.
 */
function parallelMapNode(node: ParallelMapNode, { ctx }: FlowCompile): FanOutNode {
  const reducers = node.reducers ?? defaultReducers(node.subflow);
  const graph = ctx.flowGraph(node.subflow);
  return {
    fanOut: {
      kind: 'sends',
      subflows: [node.subflow],
      graphs: [graph],
      runs: [subflowRun(node.subflow, ctx, () => graph)],
      inOneTask: runsInProcess(node.subflow, ctx),
      tasks: (inputs) => mapIterations(node, inputs, { node: node.id }),
      outputs: (results) => collect(reducers, results),
    },
  };
}

/**
 * CatchExceptionNode: the subflow's graph, on the node's inputs; its outputs
 * and exit branch, `caught_exception_info` null — or, when it fails
 * (isCatchable: not an interrupt, not a cancelled run), the caught outcome:
 * each output's default, the error as `caught_exception_info`, the branch
 * `caught_exception_branch`, whose conditional edge leads on; the messages
 * the subflow added before it failed stay in the conversation. The outcome is
 * the node's writes, in the checkpoint after its step: a resumed thread goes
 * on from there, and never runs the subflow again.
 */
function catchExceptionNode(node: CatchExceptionNode, { ctx }: FlowCompile): CompiledNode {
  const sub = ctx.flowGraph(node.subflow);
  return {
    subgraphs: [sub],
    run: async ({ inputs, messages, config, span }) => {
      const tried = await trySubgraph(sub, inputs, node.subflow.outputs, messages, config, span);
      if ('result' in tried) {
        const r = tried.result;
        return { outputs: { ...r.outputs, [CAUGHT_EXCEPTION_INFO]: null }, ...(r.branch ? { branch: r.branch } : {}), messages: r.added };
      }
      // a run stopped through its signal (the caller's, or LangGraph's when another task of the step failed) is cancelled
      const error = config.signal?.aborted ? new RuntimeError('AS_CANCELLED', 'the run was cancelled', { node: node.id }, { cause: tried.error }) : toRunError(tried.error);
      if (!isCatchable(error, () => isGraphBubbleUp(tried.error))) throw tried.error;
      return { ...caughtOutcome(node.outputs, caughtExceptionInfo(error)), messages: tried.added };
    },
  };
}

/**
 * The `Unknown` entry of the node table: the nodes of later Agent Spec
 * versions compiled graphs run (LANGGRAPH_LATER_NODES; admit() lets only
 * those through); any other is AS_UNSUPPORTED.
 */
export function laterNode(node: UnknownComponent, fc: FlowCompile): CompiledNode | FanOutNode {
  return dispatchLaterNode<[FlowCompile], CompiledNode | FanOutNode>(node, { ParallelFlowNode: parallelFlowNode, ParallelMapNode: parallelMapNode, CatchExceptionNode: catchExceptionNode }, fc);
}
