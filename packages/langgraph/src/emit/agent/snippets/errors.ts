/** Helpers of emitted agents (TypeScript source text). Coded errors (CodedError is shared, in @agentspec/runtime): LLM errors, missing inputs, ServerTool failures. */
export const ERRORS_SNIPPETS = {
  llmError: `/** An error of the model call with its Agent Spec code (the retries happened in the model's fetch: llmFetch). */
function llmError(e: unknown): CodedError {
  if (e instanceof CodedError) return e;
  const err = e as { name?: string; message?: string; status?: unknown; constructor?: { name?: string } } | undefined;
  const message = err?.message ?? String(e);
  if (err?.name === 'TimeoutError') return new CodedError('AS_LLM_TIMEOUT', \`the LLM endpoint did not answer in time: \${message}\`, { cause: e });
  if (err?.name === 'AbortError') return new CodedError('AS_CANCELLED', 'the run was cancelled', { cause: e });
  if (typeof err?.status === 'number') return new CodedError('AS_LLM_HTTP', \`the LLM endpoint answered HTTP \${err.status}: \${message.slice(0, 300)}\`, { cause: e });
  if (llmConnectionLost(e)) return new CodedError('AS_LLM_HTTP', \`the connection to the LLM endpoint closed before its answer was complete (\${message})\`, { cause: e });
  if (err?.constructor?.name === 'APIConnectionError') return new CodedError('AS_LLM_HTTP', \`cannot reach the LLM endpoint: \${message}\`, { cause: e });
  return new CodedError('AS_LLM_RESPONSE', \`malformed answer from the LLM endpoint: \${message.slice(0, 300)}\`, { cause: e });
}`,

  missingInput: `function missingInput(name: string): never {
  throw new CodedError('AS_MISSING_INPUT', \`input '\${name}' has no value and no default\`);
}`,

  serverTool: `/** Run a ServerTool's implementation; what it throws fails the run with AS_TOOL_FAILED. */
async function runServerTool(name: string, tools: BuildOptions['tools'], args: Record<string, unknown>): Promise<unknown> {
  const implementation = tools && Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (!implementation) throw new CodedError('AS_MISSING_TOOL', \`no implementation registered for ServerTool '\${name}'\`);
  try {
    return await implementation(args);
  } catch (e) {
    throw new CodedError('AS_TOOL_FAILED', \`tool '\${name}' threw: \${(e as Error)?.message ?? String(e)}\`, { cause: e });
  }
}`,
} as const;
