import { toolRunner, type NetworkPolicy, type ToolRegistry, type ToolRunner } from '@agentspec/runtime';

export { coerceArgs, type ToolRunner } from '@agentspec/runtime';

/** The shared tool runner of @agentspec/runtime, for the tools a graph runs itself. */
export function createToolRunner(registry: ToolRegistry, network: NetworkPolicy, http: { timeoutMs?: number; retries?: number }): ToolRunner {
  return toolRunner({ tools: registry, network, http });
}
