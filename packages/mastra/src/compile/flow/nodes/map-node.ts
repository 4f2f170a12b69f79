import { defaultReducers, type MapNode } from '@agentspec/core';
import { collect, mapIterations, RuntimeError, type Message } from '@agentspec/runtime';
import { createStep } from '@mastra/core/workflows';
import { compileFlow } from '../compile-flow.js';
import { frameOf, SHARED_KEY, type FlowEnvelope, type Frame } from '../frame.js';
import { finishNode, nodeStep } from '../node-step.js';
import { FRAME_SCHEMA } from '../schemas.js';
import type { MastraEntry, NodeCompiler } from './types.js';

/**
 * MapNode: its step computes the iterations (lists iterate, scalars
 * broadcast, AS_MAP_LENGTH for lists of different lengths), `:items` hands
 * them to Mastra's `.foreach` over the sub-flow's workflow
 * (`limits.mapConcurrency` at a time; Mastra keeps input order), `:collect`
 * reduces the results (append, sum, average, max, min) and appends each
 * iteration's messages in input order.
 */
export const mapNode: NodeCompiler<MapNode> = (node, fc): MastraEntry[] => {
  const stepId = fc.stepId(node);
  const site = { node: node.id };
  const workflow = compileFlow(node.subflow, fc.ctx, `${fc.workflowId}/${stepId}`);
  const reducers = node.reducers ?? defaultReducers(node.subflow);
  const items = createStep({
    id: `${stepId}:items`,
    description: `one input per iteration of '${node.name}'`,
    inputSchema: FRAME_SCHEMA,
    outputSchema: { type: 'array', items: { type: 'object' } },
    execute: async ({ inputData }: { inputData: unknown }) => {
      const frame = frameOf(inputData) as Frame;
      return (frame.call as Record<string, unknown>[]).map((values) => ({ ...values, [SHARED_KEY]: { shared: frame.shared } }));
    },
  });
  const collectStep = createStep({
    id: `${stepId}:collect`,
    description: `the reduced outputs of '${node.name}'`,
    inputSchema: { type: 'array', items: { type: 'object' } },
    outputSchema: FRAME_SCHEMA,
    execute: async ({ inputData, getStepResult }: { inputData: Record<string, unknown>[]; getStepResult(id: string): unknown }) => {
      const caller = frameOf(getStepResult(stepId)) as Frame;
      const base = caller.shared;
      const messages: Message[] = [...base.messages];
      let steps = base.steps;
      const results = inputData.map((r) => {
        const { [SHARED_KEY]: envelope, ...outputs } = r;
        const shared = (envelope as FlowEnvelope | undefined)?.shared;
        if (shared) {
          messages.push(...shared.messages.slice(base.messages.length));
          steps += shared.steps - base.steps;
        }
        return outputs;
      });
      if (steps > fc.ctx.limits.maxSteps) throw new RuntimeError('AS_MAX_ITERATIONS', `more than ${fc.ctx.limits.maxSteps} node executions in one run`, site);
      return finishNode(fc, { ...caller, shared: { messages, steps } }, node, { outputs: collect(reducers, results) });
    },
  } as never);
  return [
    { kind: 'step', step: nodeStep(node, fc, async (n, inputs) => ({ call: mapIterations(n, inputs, site) })) },
    { kind: 'step', step: items },
    { kind: 'foreach', workflow, concurrency: fc.ctx.limits.mapConcurrency },
    { kind: 'step', step: collectStep },
  ];
};
