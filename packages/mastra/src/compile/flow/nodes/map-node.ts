import { defaultReducers, type MapNode, type ParallelMapNode } from '@agentspec/core';
import { collect, mapIterations, RuntimeError } from '@agentspec/runtime';
import { createStep } from '@mastra/core/workflows';
import { compileFlow } from '../compile-flow.js';
import type { FlowCompile } from '../flow-compile.js';
import { frameOf, joinRuns, SHARED_KEY, type Frame } from '../frame.js';
import { finishNode, nodeStep } from '../node-step.js';
import { FRAME_SCHEMA } from '../schemas.js';
import type { MastraEntry, NodeCompiler } from './types.js';
import { calledSpan, callerShared, endCallSpans, subflowShared, type StepContext } from './call-spans.js';

/**
 * A MapNode or ParallelMapNode: its step computes the iterations (lists
 * iterate, scalars broadcast, AS_MAP_LENGTH for lists of different lengths),
 * `:items` hands them to Mastra's `.foreach` over the sub-flow's workflow
 * (`concurrency` at a time; Mastra keeps input order), `:collect` reduces the
 * results (append, sum, average, max, min) and appends each iteration's
 * messages in input order.
 */
export function mapEntries(node: MapNode | ParallelMapNode, fc: FlowCompile, concurrency: number): MastraEntry[] {
  const stepId = fc.stepId(node);
  const site = { node: node.id };
  const workflow = compileFlow(node.subflow, fc.ctx, `${fc.workflowId}/${stepId}`);
  const reducers = node.reducers ?? defaultReducers(node.subflow);
  const items = createStep({
    id: `${stepId}:items`,
    description: `one input per iteration of '${node.name}'`,
    inputSchema: FRAME_SCHEMA,
    outputSchema: { type: 'array', items: { type: 'object' } },
    execute: async ({ inputData, requestContext }: { inputData: unknown; requestContext?: StepContext }) => {
      const frame = frameOf(inputData) as Frame;
      // each iteration runs in its own FlowExecution span, in the node's
      return (frame.call as Record<string, unknown>[]).map((values) => ({ ...values, [SHARED_KEY]: { shared: subflowShared(requestContext, frame, node.subflow, values) } }));
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
      const iterations = (getStepResult(`${stepId}:items`) as unknown[] | undefined) ?? [];
      iterations.forEach((iteration, i) => endCallSpans(requestContext, { ...caller, callSpan: undefined } as Frame, calledSpan(iteration), { outputs: outputs[i] }));
      endCallSpans(requestContext, caller, undefined, { outputs: reduced });
      return finishNode(fc, { ...caller, shared: callerShared(caller, shared) }, node, { outputs: reduced });
    },
  } as never);
  return [
    { kind: 'step', step: nodeStep(node, fc, async (n, inputs) => ({ call: mapIterations(n, inputs, site) })) },
    { kind: 'step', step: items },
    { kind: 'foreach', workflow, concurrency },
    { kind: 'step', step: collectStep },
  ];
}

/** MapNode: the iterations one after another, or `limits.mapConcurrency` at a time. */
export const mapNode: NodeCompiler<MapNode> = (node, fc) => mapEntries(node, fc, fc.ctx.limits.mapConcurrency);

/** ParallelMapNode (25.4.2): the iterations at once, `limits.parallelism` at most (default 16). */
export const parallelMapNode = (node: ParallelMapNode, fc: FlowCompile): MastraEntry[] => mapEntries(node, fc, fc.ctx.limits.parallelism);
