import { toolRunner, type NetworkPolicy, type RuntimeLimits, type ToolRegistry, type ToolRunner } from '@agentspec/runtime';

export { coerceArgs } from '@agentspec/runtime';

/** Runs the tools the AI SDK executes itself (the shared tool runner of @agentspec/runtime). */
export type ToolExecutor = ToolRunner;

export interface ToolExecutorOptions {
  readonly registry?: ToolRegistry;
  readonly network?: NetworkPolicy;
  readonly http?: RuntimeLimits['http'];
}

export function toolExecutor(options: ToolExecutorOptions = {}): ToolExecutor {
  return toolRunner({ ...(options.registry ? { tools: options.registry } : {}), ...(options.network ? { network: options.network } : {}), ...(options.http ? { http: options.http } : {}) });
}
