import type { Flow, FlowNode, Known, Node } from '@agentspec/core';
import { createStep } from '@mastra/core/workflows';
import { compileFlow } from '../compile-flow.js';
import type { FlowCompile } from '../flow-compile.js';
import { frameOf, SHARED_KEY, type FlowEnvelope, type Frame } from '../frame.js';
import { finishNode, nodeStep } from '../node-step.js';
import { FRAME_SCHEMA } from '../schemas.js';
import type { MastraEntry, NodeCompiler } from './types.js';
import { calledSpan, callerShared, endCallSpans, subflowShared, type StepContext } from './call-spans.js';

/** The step before a sub-flow's workflow: its inputs (`pick` of the call in the frame), and the shared context. */
export function callStep(id: string, subflow: Flow, pick: (call: Record<string, unknown>) => Record<string, unknown>) {
  return createStep({
    id,
    description: `the inputs of sub-flow '${subflow.name}'`,
    inputSchema: FRAME_SCHEMA,
    outputSchema: { type: 'object' },
    execute: async ({ inputData, requestContext }: { inputData: unknown; requestContext?: StepContext }) => {
      const frame = frameOf(inputData) as Frame;
      const inputs = pick(frame.call as Record<string, unknown>);
      return { ...inputs, [SHARED_KEY]: { shared: subflowShared(requestContext, frame, subflow, inputs) } };
    },
  });
}

/**
 * A node that runs a sub-flow as a nested Mastra workflow: its step resolves
 * the inputs, a `:call` step hands them (and the shared conversation) to the
 * sub-flow's workflow, a `:return` step records its outputs and — for a
 * FlowNode — follows its finishing branch.
 */
export function subflowEntries(node: Known<Node>, subflow: Flow, fc: FlowCompile, followBranch: boolean): MastraEntry[] {
  const stepId = fc.stepId(node);
  const workflow = compileFlow(subflow, fc.ctx, `${fc.workflowId}/${stepId}`);
  const call = callStep(`${stepId}:call`, subflow, (inputs) => inputs);
  const ret = createStep({
    id: `${stepId}:return`,
    description: `the outputs of sub-flow '${subflow.name}'`,
    inputSchema: { type: 'object' },
    outputSchema: FRAME_SCHEMA,
    execute: async ({ inputData, getStepResult, requestContext }: { inputData: Record<string, unknown>; getStepResult(id: string): unknown; requestContext?: StepContext }) => {
      const caller = frameOf(getStepResult(stepId)) as Frame;
      const { [SHARED_KEY]: envelope, ...outputs } = inputData;
      const env = envelope as FlowEnvelope;
      const frame: Frame = { ...caller, shared: callerShared(caller, env.shared) };
      endCallSpans(requestContext, caller, calledSpan(getStepResult(`${stepId}:call`)), { outputs, ...(env.branch ? { branch: env.branch } : {}) });
      return finishNode(fc, frame, node, { outputs, ...(followBranch && env.branch ? { branch: env.branch } : {}) });
    },
  } as never);
  return [
    { kind: 'step', step: nodeStep(node, fc, async (_n, inputs) => ({ call: inputs })) },
    { kind: 'step', step: call },
    { kind: 'workflow', workflow },
    { kind: 'step', step: ret },
  ];
}

/** FlowNode: the sub-flow with the node's inputs, as a nested workflow; outputs and branch are the sub-flow's (DESIGN §4.2). */
export const flowNode: NodeCompiler<FlowNode> = (node, fc) => subflowEntries(node, node.subflow, fc, true);
