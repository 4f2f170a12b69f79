import type { ParallelFlowNode } from '@agentspec/core';
import { mergeSubflowOutputs, RuntimeError, subflowInputs } from '@agentspec/runtime';
import { createStep, createWorkflow, type AnyWorkflow } from '@mastra/core/workflows';
import { compileFlow } from '../compile-flow.js';
import type { FlowCompile } from '../flow-compile.js';
import { frameOf, joinRuns, type Frame } from '../frame.js';
import { finishNode, nodeStep } from '../node-step.js';
import { FRAME_SCHEMA, flowOutputSchema } from '../schemas.js';
import { callStep } from './flow-node.js';
import { calledSpan, callerShared, endCallSpans, type StepContext } from './call-spans.js';
import type { AnyStep, MastraEntry } from './types.js';

/** What a ParallelFlowNode's step leaves in the frame: its inputs, and the outputs of the subflows run so far. */
interface ParallelCall {
  readonly inputs: Record<string, unknown>;
  readonly outputs: readonly Record<string, unknown>[];
}

/** Ids of the steps after each `.parallel` of a node: `:merge` after the last one, `:batch<n>` between batches. */
const mergeId = (stepId: string, batch: number, batches: number): string => (batch === batches - 1 ? `${stepId}:merge` : `${stepId}:batch${batch + 1}`);

/** The id of the workflow of subflow `index` of a ParallelFlowNode (after its `:call` step), and of the branch running both. */
export function parallelBranchId(fc: FlowCompile, node: ParallelFlowNode, index: number): string {
  return `${fc.workflowId}/${fc.stepId(node)}[${index}]`;
}

/** The `:call` step of subflow `index`: the node inputs it declares (subflowInputs), and the shared context. */
export function parallelCallStep(fc: FlowCompile, node: ParallelFlowNode, index: number): AnyStep {
  const subflow = node.subflows[index]!;
  return callStep(`${fc.stepId(node)}[${index}]:call`, subflow, (call) => subflowInputs(subflow, (call as unknown as ParallelCall).inputs));
}

/**
 * The workflow that runs a ParallelFlowNode's branches (one per subflow:
 * its `:call` step, then the subflow's workflow) with Mastra's `.parallel`,
 * `limits.parallelism` at a time — in batches of that size, one `.parallel`
 * after the other —, then `:merge`: the union of their outputs
 * (mergeSubflowOutputs), and the messages of each subflow in subflow order.
 * `.parallel` starts every branch of a batch, waits for all of them, and
 * fails with the first failed one in subflow order (DESIGN §4.2, as
 * runBounded); no later batch starts. Its steps are returned too.
 */
export function parallelBranches(fc: FlowCompile, node: ParallelFlowNode, branches: readonly AnyWorkflow[]): { readonly workflow: AnyWorkflow; readonly steps: AnyStep[] } {
  const stepId = fc.stepId(node);
  const site = { node: node.id };
  const width = fc.ctx.limits.parallelism;
  const batches: AnyWorkflow[][] = [];
  for (let i = 0; i < branches.length; i += width) batches.push(branches.slice(i, i + width));
  if (batches.length === 0) batches.push([]);
  let workflow = createWorkflow({
    id: `${fc.workflowId}/${stepId}`,
    description: `the subflows of '${node.name}', at once`,
    inputSchema: FRAME_SCHEMA,
    outputSchema: FRAME_SCHEMA,
  }) as AnyWorkflow;
  const steps = batches.map((batch, b) => {
    const last = b === batches.length - 1;
    const merge = createStep({
      id: mergeId(stepId, b, batches.length),
      description: last ? `the merged outputs of '${node.name}'` : `the outputs of batch ${b + 1} of '${node.name}'`,
      inputSchema: { type: 'object' },
      outputSchema: FRAME_SCHEMA,
      execute: async ({ inputData, getInitData, getStepResult, requestContext }: { inputData: Record<string, Record<string, unknown>>; getInitData(): unknown; getStepResult(id: string): unknown; requestContext?: StepContext }) => {
        const caller = frameOf(b === 0 ? getInitData() : getStepResult(mergeId(stepId, b - 1, batches.length))) as Frame;
        const call = caller.call as ParallelCall;
        const joined = joinRuns(caller.shared, batch.map((w) => inputData[w.id] ?? {}));
        const { outputs } = joined;
        const shared = callerShared(caller, joined.shared);
        if (shared.steps > fc.ctx.limits.maxSteps) throw new RuntimeError('AS_MAX_ITERATIONS', `more than ${fc.ctx.limits.maxSteps} node executions in one run`, site);
        // each subflow's span ends with its outputs; the node's when the last batch is merged
        batch.forEach((w, i) => endCallSpans(requestContext, { ...caller, callSpan: undefined } as Frame, calledSpan(inputData[w.id]), { outputs: outputs[i] }));
        const done = [...call.outputs, ...outputs];
        if (!last) return { ...caller, shared, call: { inputs: call.inputs, outputs: done } satisfies ParallelCall };
        const merged = mergeSubflowOutputs(node.outputs, done);
        endCallSpans(requestContext, caller, undefined, { outputs: merged });
        return finishNode(fc, { ...caller, shared }, node, { outputs: merged });
      },
    } as never) as AnyStep;
    workflow = batch.length > 0 ? workflow.parallel(batch).then(merge) : workflow.then(merge);
    return merge;
  });
  return { workflow: workflow.commit(), steps };
}

/**
 * ParallelFlowNode (25.4.2): its step resolves the inputs, then a nested
 * workflow runs the subflows with `.parallel` and merges their outputs
 * (parallelBranches).
 */
export function parallelFlowNode(node: ParallelFlowNode, fc: FlowCompile): MastraEntry[] {
  const calls: AnyStep[] = [];
  const branches = (node.subflows ?? []).map((subflow, i) => {
    const id = parallelBranchId(fc, node, i);
    const call = parallelCallStep(fc, node, i);
    calls.push(call);
    return (createWorkflow({ id, description: `subflow '${subflow.name}' of '${node.name}'`, inputSchema: FRAME_SCHEMA, outputSchema: flowOutputSchema(subflow) }) as AnyWorkflow)
      .then(call)
      .then(compileFlow(subflow, fc.ctx, `${id}/${subflow.id}`))
      .commit();
  });
  const { workflow, steps } = parallelBranches(fc, node, branches);
  return [
    { kind: 'step', step: nodeStep(node, fc, async (_n, inputs) => ({ call: { inputs, outputs: [] } satisfies ParallelCall })) },
    { kind: 'workflow', workflow, steps: [...calls, ...steps] },
  ];
}
