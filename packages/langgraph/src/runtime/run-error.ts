import { RuntimeError } from '@agentspec/runtime';

/** A failure of a graph run as a runtime error: LangGraph's recursion limit is the step limit (AS_MAX_ITERATIONS). */
export function toRunError(e: unknown, signal?: AbortSignal): unknown {
  if (RuntimeError.isInstance(e)) return e;
  const name = (e as { name?: unknown })?.name;
  if (name === 'GraphRecursionError') {
    return new RuntimeError('AS_MAX_ITERATIONS', `the run exceeded its step limit: ${(e as Error).message.split('\n')[0]}`, {}, { hint: 'raise limits.maxSteps, or check the loop condition', cause: e });
  }
  if (name === 'AbortError' || signal?.aborted) return new RuntimeError('AS_CANCELLED', 'the run was cancelled', {}, { cause: e });
  return e;
}
