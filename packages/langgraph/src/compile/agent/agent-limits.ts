/**
 * The recursion limit of an agent's graph: each LLM turn is two supersteps
 * (model, tools), so `limits.maxAgentSteps` turns (counted by the graph, which
 * fails with AS_MAX_ITERATIONS) always fit.
 */
export function agentRecursionLimit(maxAgentSteps: number): number {
  return 2 * maxAgentSteps + 5;
}
