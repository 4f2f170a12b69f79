import { CAUGHT_EXCEPTION_INFO, type CatchExceptionNode } from '@agentspec/core';
import { caughtExceptionInfo, caughtOutcome, isCatchable } from '@agentspec/runtime';
import { createStep, type AnyWorkflow } from '@mastra/core/workflows';
import { errorOf } from '../../../runtime/flow-result.js';
import { compileFlow } from '../compile-flow.js';
import type { FlowCompile } from '../flow-compile.js';
import { frameOf, SHARED_KEY, type FlowEnvelope, type Frame, type Shared } from '../frame.js';
import { finishNode, nodeStep } from '../node-step.js';
import { FRAME_SCHEMA } from '../schemas.js';
import { callStep } from './flow-node.js';
import { runNested, type NestedParams } from './nested-run.js';
import { calledSpan, callerShared, endCallSpans, type StepContext } from './call-spans.js';
import type { MastraEntry } from './types.js';

/** Key of what the `:try` step caught (`caught_exception_info`) in its output. */
export const CAUGHT_KEY = '__agentspec_caught';

/** On Mastra a step pauses by returning through `suspend()`: no error is a pause. */
const NEVER_A_PAUSE = (): boolean => false;

/** Mastra's parameters of a step, as the `:try` step hands them on to the nested workflow. */
interface TryParams extends NestedParams {
  readonly runId: string;
  readonly resume?: { readonly runId?: string };
  readonly mastra?: { getStorage(): { getStore(domain: 'workflows'): Promise<SnapshotStore | undefined> } | undefined };
}

interface SnapshotStore {
  loadWorkflowSnapshot(args: { workflowName: string; runId: string }): Promise<{ readonly context?: Readonly<Record<string, unknown>> } | null>;
}

/** The shared context in a step's input or output: a frame's, or a sub-flow call's / result's envelope. */
function sharedIn(value: unknown): Shared | undefined {
  const frame = frameOf(value);
  if (frame) return frame.shared;
  const envelope = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[SHARED_KEY] : undefined;
  return (envelope as FlowEnvelope | undefined)?.shared;
}

/**
 * The conversation and step count a failed run of the subflow had reached:
 * the furthest shared context in the snapshot Mastra keeps of that run (the
 * input of the step that failed, or the output of the last one that ended);
 * nothing without storage.
 */
async function sharedOfFailedRun(params: TryParams, workflowId: string): Promise<Shared | undefined> {
  const store = await params.mastra?.getStorage()?.getStore('workflows');
  const snapshot = await store?.loadWorkflowSnapshot({ workflowName: workflowId, runId: params.resume?.runId ?? params.runId });
  let furthest: Shared | undefined;
  for (const result of Object.values(snapshot?.context ?? {})) {
    const r = (result ?? {}) as { payload?: unknown; output?: unknown };
    for (const shared of [sharedIn(r.payload), sharedIn(r.output)]) if (shared && (!furthest || shared.steps > furthest.steps)) furthest = shared;
  }
  return furthest;
}

/**
 * The `execute` of a `:try` step: the subflow's workflow run as Mastra runs a
 * nested workflow (runNested), and its failure, when isCatchable says so,
 * as `{ [CAUGHT_KEY]: caught_exception_info }`, with the conversation the
 * subflow had reached (its messages stay, as on the reference runtime). A
 * suspension is not a failure (the step suspends with it: on Mastra a pause
 * is never thrown); a cancelled run is not caught. What the step returns is
 * kept in the run's snapshot: a resumed run goes on after it, and never runs
 * a caught subflow again.
 */
export function tryExecute(workflow: AnyWorkflow): (params: unknown) => Promise<unknown> {
  return async (p: unknown) => {
    const params = p as TryParams;
    try {
      return await runNested(workflow, params);
    } catch (e) {
      const error = errorOf(e);
      if (!isCatchable(error, NEVER_A_PAUSE)) throw error;
      const shared = await sharedOfFailedRun(params, workflow.id);
      return { [CAUGHT_KEY]: caughtExceptionInfo(error), ...(shared ? { [SHARED_KEY]: { shared } } : {}) };
    }
  };
}

/**
 * CatchExceptionNode (26.1.2): its step resolves the inputs, `:call` hands
 * them to the subflow, `:try` runs the subflow's workflow and catches its
 * failure, `:return` gives the subflow's outputs with `caught_exception_info`
 * null and its exit branch — or, for a caught failure, each output's default,
 * the error as `caught_exception_info` and `caught_exception_branch`
 * (caughtOutcome) —, which the `.branch` after the node follows.
 */
export function catchExceptionNode(node: CatchExceptionNode, fc: FlowCompile): MastraEntry[] {
  const stepId = fc.stepId(node);
  const workflow = compileFlow(node.subflow, fc.ctx, `${fc.workflowId}/${stepId}`);
  const attempt = createStep({
    id: `${stepId}:try`,
    description: `sub-flow '${node.subflow.name}', its failure caught`,
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object' },
    execute: tryExecute(workflow) as never,
  });
  const ret = createStep({
    id: `${stepId}:return`,
    description: `the outputs of sub-flow '${node.subflow.name}', or of its caught failure`,
    inputSchema: { type: 'object' },
    outputSchema: FRAME_SCHEMA,
    execute: async ({ inputData, getStepResult, requestContext }: { inputData: Record<string, unknown>; getStepResult(id: string): unknown; requestContext?: StepContext }) => {
      const caller = frameOf(getStepResult(stepId)) as Frame;
      const { [SHARED_KEY]: envelope, [CAUGHT_KEY]: info, ...outputs } = inputData;
      const env = (envelope ?? {}) as FlowEnvelope;
      const frame: Frame = { ...caller, shared: callerShared(caller, env.shared) };
      const called = calledSpan(getStepResult(`${stepId}:call`));
      if (typeof info === 'string') {
        const outcome = caughtOutcome(node.outputs, info);
        endCallSpans(requestContext, caller, called, { ...outcome, error: { code: 'AS_CAUGHT', message: info } });
        return finishNode(fc, frame, node, outcome);
      }
      const result = { outputs: { ...outputs, [CAUGHT_EXCEPTION_INFO]: null }, ...(env.branch ? { branch: env.branch } : {}) };
      endCallSpans(requestContext, caller, called, result);
      return finishNode(fc, frame, node, result);
    },
  } as never);
  return [
    { kind: 'step', step: nodeStep(node, fc, async (_n, inputs) => ({ call: inputs })) },
    { kind: 'step', step: callStep(`${stepId}:call`, node.subflow, (inputs) => inputs) },
    { kind: 'step', step: attempt },
    { kind: 'step', step: ret },
  ];
}
