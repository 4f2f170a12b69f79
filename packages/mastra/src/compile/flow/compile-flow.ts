import { toDocument, type EndNode, type Flow } from '@agentspec/core';
import { finishFlow, RuntimeError } from '@agentspec/runtime';
import { createStep, createWorkflow, type AnyWorkflow, type WorkflowOptions } from '@mastra/core/workflows';
import type { CompileContext } from '../compile-context.js';
import { AGENTSPEC_METADATA_KEY } from '../../constants.js';
import { assemble, planEntries } from './build-workflow.js';
import { FlowCompile } from './flow-compile.js';
import { frameOf, SHARED_KEY } from './frame.js';
import { FRAME_SCHEMA, flowOutputSchema, flowInputSchema } from './schemas.js';
import { planOf, PLAN_WARNINGS } from './structure.js';

/** Id of the last step of every compiled flow workflow. */
export const FINISH_STEP = '$finish';

/**
 * Flow → Mastra workflow (DESIGN §4.4). Its input is the flow's inputs, its
 * output the flow's outputs (plus `__agentspec`: the conversation and the
 * finishing branch); in between, one step per node in Mastra's own control
 * flow — or, for a graph with a cycle entered in the middle, one loop over a
 * `.branch` of every node; for branches nested deeper than MAX_NESTING, the
 * nodes in sequence, each behind a `.branch` on whether it is next (both with
 * a warning: structure.ts, planOf).
 */
export function compileFlow(flow: Flow, ctx: CompileContext, id: string = flow.id, options: WorkflowOptions = {}): AnyWorkflow {
  const fc = new FlowCompile(ctx, flow, id);
  const { plan, warning } = planOf(fc.info, ctx.options.controlFlow === 'dispatcher');
  if (warning) ctx.warnings.add('approximated', flow.id, PLAN_WARNINGS[warning]);
  const workflow = createWorkflow({
    id,
    description: flow.description ?? flow.name,
    inputSchema: flowInputSchema(flow),
    outputSchema: flowOutputSchema(flow),
    metadata: { [AGENTSPEC_METADATA_KEY]: toDocument(flow) },
    ...(Object.keys(options).length > 0 ? { options } : {}),
  }) as AnyWorkflow;
  return assemble(workflow, [...planEntries(plan, fc), { kind: 'step', step: finishStep(flow) }]).commit();
}

/** The flow's outputs from the EndNode reached (defaults for what it lacks) and its branch (DESIGN §4.2). */
function finishStep(flow: Flow) {
  return createStep({
    id: FINISH_STEP,
    description: `the outputs of flow '${flow.name}'`,
    inputSchema: FRAME_SCHEMA,
    outputSchema: flowOutputSchema(flow),
    execute: async ({ inputData }: { inputData: unknown }) => {
      const frame = frameOf(inputData);
      const end = frame?.end && flow.nodes.find((n) => n.id === frame.end?.node);
      if (!frame?.end || !end) throw new RuntimeError('AS_NO_TRANSITION', `flow '${flow.id}' stopped without reaching an EndNode`);
      const { outputs, branch } = finishFlow(flow, end as EndNode, frame.end.values);
      return { ...outputs, [SHARED_KEY]: { branch, shared: frame.shared } };
    },
  });
}
