import { defaultReducers, type MapNode, type ParallelMapNode } from '@agentspec/core';
import { collect, mapIterations, RuntimeError } from '@agentspec/runtime';
import { createStep } from '@mastra/core/workflows';
import { compileFlow } from '../compile-flow.js';
import type { FlowCompile } from '../flow-compile.js';
import { frameOf, joinRuns, SHARED_KEY, type FlowEnvelope, type Frame } from '../frame.js';
import { finishNode, nodeStep } from '../node-step.js';
import { FRAME_SCHEMA } from '../schemas.js';
import type { MastraEntry, NodeCompiler } from './types.js';
import { eachStep, iterationTags } from './map-each.js';
import { ITERATION_WORKFLOW_OPTIONS } from './nested-run.js';
import { calledSpan, callerShared, endCallSpans, type StepContext } from './call-spans.js';

/**
 * A MapNode or ParallelMapNode: its step computes the iterations (lists
 * iterate, scalars broadcast, AS_MAP_LENGTH for lists of different lengths),
 * `:items` hands them to Mastra's `.foreach` of `:each` (the sub-flow's
 * workflow, `concurrency` at a time, failures settled as on the reference
 * runtime: eachExecute; Mastra keeps input order), `:collect` reduces the
 * results (append, sum, average, max, min) and appends each iteration's
 * messages in input order.
 */
export function mapEntries(node: MapNode | ParallelMapNode, fc: FlowCompile, concurrency: number): MastraEntry[] {
  const stepId = fc.stepId(node);
  const site = { node: node.id };
  const workflow = compileFlow(node.subflow, fc.ctx, `${fc.workflowId}/${stepId}`, ITERATION_WORKFLOW_OPTIONS);
  const reducers = node.reducers ?? defaultReducers(node.subflow);
  const items = createStep({
    id: `${stepId}:items`,
    description: `one input per iteration of '${node.name}'`,
    inputSchema: FRAME_SCHEMA,
    outputSchema: { type: 'array', items: { type: 'object' } },
    execute: async ({ inputData }: { inputData: unknown }) => {
      const frame = frameOf(inputData) as Frame;
      const calls = frame.call as Record<string, unknown>[];
      const tags = iterationTags(calls.length);
      // each iteration is tagged with its place (the :each step settles them, and opens its FlowExecution span in the node's when it starts)
      return calls.map((values, i) => ({ ...values, [SHARED_KEY]: { shared: frame.shared, iteration: tags[i], ...(frame.callSpan ? { callSpan: frame.callSpan } : {}) } satisfies FlowEnvelope }));
    },
  });
  const collectStep = createStep({
    id: `${stepId}:collect`,
    description: `the reduced outputs of '${node.name}'`,
    inputSchema: { type: 'array', items: { type: 'object' } },
    outputSchema: FRAME_SCHEMA,
    execute: async ({ inputData, getStepResult, requestContext }: { inputData: Record<string, unknown>[]; getStepResult(id: string): unknown; requestContext?: StepContext }) => {
      const caller = frameOf(getStepResult(stepId)) as Frame;
      const { outputs, shared } = joinRuns(caller.shared, inputData);
      if (shared.steps > fc.ctx.limits.maxSteps) throw new RuntimeError('AS_MAX_ITERATIONS', `more than ${fc.ctx.limits.maxSteps} node executions in one run`, site);
      const reduced = collect(reducers, outputs);
      // each iteration's span (its subflow's, handed back by its last step) ends with its outputs, then the node's
      inputData.forEach((result, i) => endCallSpans(requestContext, { ...caller, callSpan: undefined } as Frame, calledSpan(result), { outputs: outputs[i] }));
      endCallSpans(requestContext, caller, undefined, { outputs: reduced });
      return finishNode(fc, { ...caller, shared: callerShared(caller, shared) }, node, { outputs: reduced });
    },
  } as never);
  return [
    { kind: 'step', step: nodeStep(node, fc, async (n, inputs) => ({ call: mapIterations(n, inputs, site) })) },
    { kind: 'step', step: items },
    { kind: 'foreach', step: eachStep(stepId, node, workflow, concurrency), concurrency },
    { kind: 'step', step: collectStep },
  ];
}

/** MapNode: the iterations one after another, or `limits.mapConcurrency` at a time. */
export const mapNode: NodeCompiler<MapNode> = (node, fc) => mapEntries(node, fc, fc.ctx.limits.mapConcurrency);

/** ParallelMapNode (25.4.2): the iterations at once, `limits.parallelism` at most (default 16). */
export const parallelMapNode = (node: ParallelMapNode, fc: FlowCompile): MastraEntry[] => mapEntries(node, fc, fc.ctx.limits.parallelism);
