import { RuntimeError } from '@agentspec/runtime';
import type { AnyWorkflow } from '@mastra/core/workflows';

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
