import { randomUUID } from 'node:crypto';
import { SettlingTasks } from '@agentspec/runtime';
import { createStep, type AnyWorkflow } from '@mastra/core/workflows';
import { CONTEXT_RUN } from '../../../constants.js';
import type { MapNode, ParallelMapNode } from '@agentspec/core';
import { SHARED_KEY, type FlowEnvelope, type Frame, type IterationTag } from '../frame.js';
import { runNested, type NestedParams } from './nested-run.js';
import type { AnyStep, RunHooks } from './types.js';
import { subflowShared, type StepContext } from './call-spans.js';

/** The iterations of each run of a map node, by run's request context (one group per `:items` step run). */
const groups = new WeakMap<object, Map<string, SettlingTasks>>();

/** A new group of iterations: the tag of iteration `index`. */
export function iterationTags(count: number): IterationTag[] {
  const group = randomUUID();
  return Array.from({ length: count }, (_, index) => ({ group, index }));
}

function tasksOf(context: StepContext, tag: IterationTag, width: number, node: string): SettlingTasks {
  // a run without a request context (a workflow started by hand) gets one group per iteration: nothing to settle against
  if (!context) return new SettlingTasks(width, node);
  let byGroup = groups.get(context);
  if (!byGroup) groups.set(context, (byGroup = new Map()));
  let tasks = byGroup.get(tag.group);
  if (!tasks) byGroup.set(tag.group, (tasks = new SettlingTasks(width, node)));
  return tasks;
}

interface EachParams extends NestedParams {
  readonly inputData: unknown;
  readonly requestContext?: StepContext;
  readonly resume?: unknown;
}

/** A map node as its `:each` step needs it. */
type MapLike = Pick<MapNode | ParallelMapNode, 'id' | 'name' | 'subflow'>;

/**
 * An iteration's input as it starts: its shared context in the iteration's
 * own FlowExecution span, opened now in the map node's (an iteration that
 * never starts has none, as on the reference runtime). A resumed iteration
 * keeps the span its steps were given.
 */
function started(params: EachParams, node: MapLike, envelope: FlowEnvelope): unknown {
  const { [SHARED_KEY]: _envelope, ...values } = params.inputData as Record<string, unknown>;
  if (params.resume !== undefined || !envelope.shared) return params.inputData;
  const caller = { shared: envelope.shared, callSpan: envelope.callSpan } as Frame;
  return { ...values, [SHARED_KEY]: { shared: subflowShared(params.requestContext, caller, node.subflow, values, envelope.iteration?.index) } };
}

/**
 * The `execute` of a map node's `:each` step, the one Mastra's `.foreach`
 * runs per iteration: the subflow's workflow run in place (runNested: it
 * suspends and resumes as a nested workflow) as one of the node's
 * `SettlingTasks` (DESIGN §4.2, Parallelization). When iterations fail,
 * the running ones finish, none starts, and every failed one throws the
 * first failure in input order — `.foreach` reports whichever failed first
 * in time, so the node fails with the same error as on the reference
 * runtime, whatever the timing. `width`: the `.foreach` concurrency.
 */
export function eachExecute(workflow: AnyWorkflow, width: number, node: MapLike): (params: unknown) => Promise<unknown> {
  return async (p: unknown) => {
    const params = p as EachParams;
    const envelope = ((params.inputData as Record<string, unknown> | undefined)?.[SHARED_KEY] ?? {}) as FlowEnvelope;
    const tag = envelope.iteration;
    if (!tag) return runNested(workflow, params);
    const tasks = tasksOf(params.requestContext, tag, width, node.id);
    const cancelled = (): boolean => (params.requestContext?.get(CONTEXT_RUN) as RunHooks | undefined)?.signal?.aborted === true;
    try {
      return await tasks.run(tag.index, () => runNested(workflow, { ...params, inputData: started(params, node, envelope) }), { passes: cancelled });
    } catch (e) {
      if (cancelled()) throw e;
      throw tasks.firstFailure()?.error ?? e;
    }
  };
}

/** The `:each` step of map node `node` (its step `stepId`) over its subflow's workflow. */
export function eachStep(stepId: string, node: MapLike, workflow: AnyWorkflow, width: number): AnyStep {
  return createStep({
    id: `${stepId}:each`,
    description: `one iteration of '${node.name}': its sub-flow`,
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object' },
    execute: eachExecute(workflow, width, node) as never,
  }) as AnyStep;
}
