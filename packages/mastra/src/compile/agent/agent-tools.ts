import type { Agent, Known, Property, Tool } from '@agentspec/core';
import { parametersSchema, RuntimeError, shapeOutputs, SUBMIT_RESULT, submissionProblem, submitResultSpec } from '@agentspec/runtime';
import { createTool } from '@mastra/core/tools';
import type { CompileContext } from '../compile-context.js';
import { coercingSchema, passthroughSchema } from '../schema/coercing-schema.js';
import { eventsOfRun, failRun, runStateOf } from './run-state.js';

/** What a ClientTool suspends with; answered by resuming with `{ content }`. */
export interface ClientToolSuspension {
  readonly agentspec: 'tool_request';
  readonly name: string;
  readonly args: Record<string, unknown>;
}

type MastraTool = ReturnType<typeof createTool>;
type ToolContext = {
  readonly requestContext?: { get(key: string): unknown };
  readonly abortSignal?: AbortSignal;
  readonly agent?: { readonly toolCallId?: string; readonly resumeData?: unknown; suspend(payload: unknown): Promise<void> };
};

/**
 * One Mastra tool (`createTool`) per Agent Spec tool, with the JSON Schema of
 * its inputs (descriptions kept, arguments coerced — DESIGN §4.2):
 * ServerTools run from the registry, RemoteTools over HTTP, MCPTools on their
 * server; `requires_confirmation` is Mastra's `requireApproval`; a ClientTool
 * suspends the agent (`suspend()`) until the caller gives its result.
 */
export function mastraTool(tool: Known<Tool>, agent: Agent, ctx: CompileContext): MastraTool {
  const site = { agent: agent.id, tool: tool.name };
  const client = tool.component_type === 'ClientTool';
  return createTool({
    id: tool.name,
    description: tool.description ?? '',
    inputSchema: coercingSchema(parametersSchema(tool.inputs)),
    ...(tool.requires_confirmation ? { requireApproval: true } : {}),
    // suspend-capable tools make Mastra run a turn's calls one at a time, in order
    ...(client ? { suspendSchema: { type: 'object' }, resumeSchema: { type: 'object', properties: { content: {} } } } : {}),
    execute: async (input: unknown, context: ToolContext) => {
      const args = (input ?? {}) as Record<string, unknown>;
      if (client) {
        const resume = context?.agent?.resumeData as { content?: unknown } | undefined;
        if (resume && 'content' in resume) return resume.content ?? null;
        const payload: ClientToolSuspension = { agentspec: 'tool_request', name: tool.name, args };
        return context?.agent?.suspend(payload);
      }
      const state = runStateOf(context?.requestContext);
      // a run that already failed (a malformed or unknown call of the same step) runs no more tools
      if (state?.fatal) return `error: ${state.fatal.message}`;
      try {
        const run = () => ctx.runner.run(tool, args, site, context?.abortSignal ?? state?.signal, state?.ledger);
        const events = eventsOfRun(state);
        const result = events
          ? await events.span('ToolExecutionRequest', 'ToolExecutionResponse', tool.name, { tool: tool.id, tool_call_id: context?.agent?.toolCallId ?? null, inputs: args }, run, (r) => ({ outputs: r }), undefined,
            context?.agent?.toolCallId !== undefined ? `tool:${context.agent.toolCallId}` : undefined)
          : await run();
        return result === undefined ? null : result;
      } catch (e) {
        const error = RuntimeError.isInstance(e) ? (e as RuntimeError) : new RuntimeError('AS_TOOL_FAILED', String((e as Error).message ?? e), site, { cause: e });
        if (!state) throw error;
        failRun(state, error);
        return `error: ${error.message}`;
      }
    },
  }) as MastraTool;
}

/**
 * The synthetic `submit_result` tool of an agent with outputs (DESIGN §4.2):
 * its parameters are the outputs; a valid call records them and ends the run
 * (the runtime's `stopWhen`, else the agent's own: `resultSubmitted`), an
 * invalid one answers the LLM with what is wrong (no coercion here: the
 * LLM must send values of the declared types).
 */
export function submitResultTool(outputs: readonly Property[]): MastraTool {
  const spec = submitResultSpec(outputs);
  return createTool({
    id: SUBMIT_RESULT,
    description: spec.description,
    inputSchema: passthroughSchema(spec.parameters),
    execute: async (input: unknown, context: ToolContext) => {
      const args = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
      const problem = submissionProblem(outputs, args);
      if (problem) return problem;
      const state = runStateOf(context?.requestContext);
      if (state) state.submitted ??= shapeOutputs(outputs, args);
      return SUBMITTED;
    },
  }) as MastraTool;
}

/** What `submit_result` answers a valid call with (an invalid one is answered with what is wrong). */
export const SUBMITTED = 'Result submitted.';

/** One step of Mastra's agent loop, as a stop condition sees it (only the fields read here). */
interface LoopStep {
  readonly toolResults?: readonly { readonly toolName?: string; readonly output?: unknown }[];
}

/**
 * The stop condition (Mastra's `stopWhen`) of an agent with `submit_result`:
 * its last step had a submit_result call that the tool accepted, so the agent
 * stops by itself, as Agent Spec says, when run alone with `agent.generate()`
 * (an invalid submission goes back to the LLM; `maxSteps` stays the other
 * stop). `mastraRuntime` passes its own `stopWhen`, which replaces this one.
 */
export function resultSubmitted({ steps }: { readonly steps: readonly LoopStep[] }): boolean {
  const last = steps[steps.length - 1];
  return (last?.toolResults ?? []).some((r) => r.toolName === SUBMIT_RESULT && resultValue(r.output) === SUBMITTED);
}

/** A tool result's value: Mastra gives a step's results as model message parts (`{ type: 'text', value }`). */
function resultValue(output: unknown): unknown {
  return typeof output === 'object' && output !== null && 'value' in output ? (output as { value: unknown }).value : output;
}
