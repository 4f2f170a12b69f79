import { RuntimeError, type ErrorSite } from '@agentspec/runtime';
import type { ModelMessage, StepResult, ToolSet } from 'ai';
import { abortError, toRuntimeError } from '../errors/to-runtime-error.js';
import { hasInvalidCall, type CallControl, type SessionAgent } from './agent-context.js';
import type { AgentTrace } from './agent-trace.js';

/** One `generate()` (or `stream()`, when traced) of the session's ToolLoopAgent on its history. */
async function call(
  { agent, call: session }: SessionAgent, history: readonly ModelMessage[], site: ErrorSite, trace: AgentTrace | undefined, signal: AbortSignal | undefined,
  ended: StepResult<ToolSet>[],
) {
  const options = {
    messages: [...history], onStepEnd: (step: StepResult<ToolSet>) => void ended.push(step), ...(signal ? { abortSignal: signal } : {}),
    // the session's call options (read by the app agent's prepareCall), as `never` for an agent of the `build` option
    ...(session ? { options: session.options as never, onToolExecutionEnd: session.onToolExecutionEnd } : {}),
  };
  try {
    if (!trace) {
      const r = await agent.generate(options);
      return { steps: r.steps, messages: r.responseMessages };
    }
    const r = await agent.stream(options);
    for await (const part of r.stream) {
      trace.part(part);
      if (part.type === 'error') throw part.error;
      if (part.type === 'abort') throw abortError(part.reason, site, signal);
    }
    return { steps: await r.steps, messages: await r.responseMessages };
  } catch (e) {
    throw toRuntimeError(e, site, signal);
  }
}

function invalidCallError(step: StepResult<ToolSet>, site: ErrorSite): RuntimeError {
  const c = step.content.find((p) => p.type === 'tool-call' && 'invalid' in p && p.invalid === true) as { toolName: string; input: unknown; error?: unknown };
  const unknownTool = (c.error as { name?: string } | undefined)?.name === 'AI_NoSuchToolError';
  const message = unknownTool
    ? `the LLM called '${c.toolName}', which is not one of the agent's tools`
    : `the LLM called '${c.toolName}' with arguments that are not a JSON object: ${String(typeof c.input === 'string' ? c.input : JSON.stringify(c.input)).slice(0, 200)}`;
  return new RuntimeError('AS_TOOL_CALL_INVALID', message, { ...site, tool: c.toolName }, { cause: c.error });
}

/** Commit the messages of the steps that ended before a failure (each step's messages are its own). */
function commitEnded(ended: readonly StepResult<ToolSet>[], commit: (messages: readonly ModelMessage[], steps: number) => void): void {
  const invalid = ended.findIndex((s) => hasInvalidCall(s));
  const kept = invalid === -1 ? ended : ended.slice(0, invalid);
  if (kept.length > 0) commit(kept.flatMap((s) => s.response.messages), kept.length);
}

/**
 * Run the agent on its history until the AI SDK loop stops, and return the
 * messages to append and the LLM steps used. A failed tool or an invalid call
 * (which stopped the loop) rejects with its coded error, after the messages
 * of the steps before it were handed to `commit`, so that retrying the run
 * asks the LLM again for the step that failed.
 */
export async function runAgentCall(
  agent: SessionAgent, history: readonly ModelMessage[], control: CallControl,
  commit: (messages: readonly ModelMessage[], steps: number) => void,
  site: ErrorSite, trace?: AgentTrace, signal?: AbortSignal,
): Promise<void> {
  control.failures.length = 0;
  const ended: StepResult<ToolSet>[] = [];
  let result: Awaited<ReturnType<typeof call>>;
  try {
    result = await call(agent, history, site, trace, signal, ended);
  } catch (e) {
    // The call failed after some steps had ended — their tools ran and their results are known. Keep them, so
    // that running the session again goes on after them and never executes those tools a second time.
    commitEnded(ended, commit);
    throw e;
  }
  const { steps, messages } = result;
  const last = steps.at(-1);
  const failure = control.failures[0] ?? (last && hasInvalidCall(last) ? invalidCallError(last, site) : undefined);
  if (!failure) return commit(messages, steps.length);
  commit(messages.slice(0, messages.length - (last?.response.messages.length ?? 0)), steps.length);
  throw failure;
}
