import { RuntimeError } from '@agentspec/runtime';
import type { AnyWorkflow } from '@mastra/core/workflows';

/**
 * The options of every workflow compileMastra runs nested in another (a map
 * node's sub-flow, a `.branch` arm, a loop body). Mastra runs a nested
 * workflow with the parent's run id, and its concurrent runs (a map node's
 * iterations) share one `Run` and its event emitter: without `sharePubsub`,
 * each `workflow.execute` adds its own watch to that emitter (Node's
 * MaxListenersExceededWarning beyond 10 at once) and republishes every event
 * of the nested run (of every concurrent one: once per iteration running) to
 * the parent's pubsub, a level of nesting at a time. Shared, a nested run
 * publishes its step events on the parent's pubsub directly and watches nothing.
 */
export const NESTED_WORKFLOW_OPTIONS = { sharePubsub: true } as const;

/**
 * The options of a map node's sub-flow workflow: nested, and without step
 * events (`emitStepEvents: false`; nothing of agentspec reads them, and a
 * Mastra watcher still sees each iteration's `:each` step), which would
 * otherwise cost every iteration as much as its steps.
 */
export const ITERATION_WORKFLOW_OPTIONS = { ...NESTED_WORKFLOW_OPTIONS, emitStepEvents: false } as const;

/** Mastra's parameters of a step, handed on to a workflow it runs in place. */
export interface NestedParams {
  suspend(payload: unknown, options?: unknown): Promise<unknown>;
  readonly [key: string | symbol]: unknown;
}

/**
 * Run `workflow` inside a step as Mastra runs a nested workflow:
 * `workflow.execute` with the step's own parameters, so that it suspends and
 * resumes in place (the step suspends with it). Its output; its failure is
 * thrown; a run that ended without output or suspension was cancelled
 * (AS_CANCELLED).
 */
export async function runNested(workflow: AnyWorkflow, params: NestedParams): Promise<unknown> {
  let suspended = false;
  const suspend = (payload: unknown, options?: unknown) => {
    suspended = true;
    return params.suspend(payload, options);
  };
  const output = await workflow.execute({ ...params, suspend } as never);
  if (output === undefined && !suspended) throw new RuntimeError('AS_CANCELLED', `the run was cancelled in sub-flow '${workflow.id}'`);
  return output;
}
