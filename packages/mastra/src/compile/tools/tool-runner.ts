// The shared tool runner of @agentspec/runtime: ServerTools from the registry,
// RemoteTools over HTTP, MCPTools; arguments coerced to the declared types.
export { coerceArgs, toolRunner, type ToolRunner, type ToolRunnerOptions } from '@agentspec/runtime';
