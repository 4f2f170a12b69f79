import type { Ledger, Message, ToolCall } from '@agentspec/runtime';
import { AttemptSignal, bindLedger, rejectionText, RuntimeError, shapeOutputs } from '@agentspec/runtime';
import { RequestContext } from '@mastra/core/request-context';
import { CONTEXT_INPUTS, CONTEXT_RUN } from '../../constants.js';
import { currentTransformRun } from '../../model/transforming-model.js';
import type { EventSink } from '../../events.js';
import { llmError } from '../../model/llm-errors.js';
import type { AgentAnswers, AgentPending } from './agent-pending.js';
import type { CompiledAgent } from './compile-agent.js';
import { toModelMessages } from './messages.js';
import { pauseOf } from './pause.js';
import { inAgentRun, type AgentRunState } from './run-state.js';
import { TurnTracker } from './turn-tracker.js';

export interface AgentRunRequest {
  /** The conversation so far (shared with the flow around the agent). */
  readonly messages: readonly Message[];
  /** The agent's inputs, resolved (defaults applied). */
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly pending?: AgentPending;
  readonly answers: AgentAnswers;
  /** Inside a flow, an agent without outputs ends on its first text reply. */
  readonly inFlow: boolean;
  readonly events?: EventSink;
  readonly signal?: AbortSignal;
  /**
   * Called when the run fails, with the conversation as far as it got: the
   * steps that ended before the failure, their tool results included. The
   * session keeps it, so that running again goes on after those steps and
   * never executes their tools a second time.
   */
  readonly onFailure?: (committed: readonly Message[], error: unknown) => void;
  /** More RequestContext entries for the agent's tools (a Swarm's or ManagerWorkers' run, read by the tools standing for agents). */
  readonly context?: Readonly<Record<string, unknown>>;
  /** The agent answers in a conversation of its own (asked by another agent). */
  readonly own?: boolean;
  /** The calls of one LLM answer run one after another, in order (Mastra's `toolCallConcurrency: 1`), as the reference runs them. */
  readonly sequentialTools?: boolean;
  /** The session's conversation id (default: the transform run's, if any). */
  readonly conversationId?: string;
  /** The session run's ledger, for a run outside `withLedger`: bound to the run's abort signal (what its LLM requests are made with), given to its tools. */
  readonly ledger?: Ledger;
}

export type AgentRunOutcome =
  | { readonly type: 'finished'; readonly outputs: Record<string, unknown>; readonly messages: Message[]; readonly consumed: string[] }
  | { readonly type: 'user_input'; readonly messages: Message[]; readonly consumed: string[]; /** The Swarm agent a transfer handed the conversation over to. */ readonly handoff?: string }
  | {
    readonly type: 'tool_request' | 'tool_confirmation';
    readonly requests: ToolCall[];
    /** The conversation, with the stopped turn's assistant message last. */
    readonly messages: Message[];
    /** The conversation without it (what the next run starts from). */
    readonly committed: Message[];
    readonly pending: AgentPending;
    readonly consumed: string[];
  };

interface MastraOutput {
  readonly finishReason?: string;
  readonly runId?: string;
  readonly suspendPayload?: { readonly toolCallId: string; readonly toolName?: string; readonly suspendPayload?: { readonly agentspec?: string } };
  readonly object?: unknown;
  readonly error?: unknown;
}

/**
 * What Mastra's `generate` answers, through its stream API (`stream`,
 * `approveToolCall`, `resumeStream`): the model streams, so the loop's
 * `onChunk` sees each text delta as it comes (the TurnTracker emits them as
 * token events); the full output, its error thrown, as `generate` does.
 */
async function streamed(output: Promise<unknown>, signal: AbortSignal): Promise<MastraOutput> {
  const full = await (await output as { getFullOutput(): Promise<MastraOutput> }).getFullOutput();
  if (full.error) throw full.error;
  // an aborted stream ends quietly (generate throws): the run was stopped all the same
  if (signal.aborted) throw signal.reason ?? new DOMException('the run was aborted', 'AbortError');
  return full;
}

/**
 * Runs (or resumes) a compiled agent's Mastra loop until it ends, replies in
 * text, or stops for a client tool or a confirmation that the caller has not
 * answered yet (answers already given are applied in turn, in call order).
 */
export async function runAgent(compiled: CompiledAgent, req: AgentRunRequest): Promise<AgentRunOutcome> {
  const { spec, agent } = compiled;
  // the site of an LLM error is the LLM config, as on the reference runtime (caught_exception_info is the same text)
  const site = { llm: spec.llm_config.id };
  const conversationId = req.conversationId ?? currentTransformRun()?.conversationId;
  const state: AgentRunState = { abort: new AbortController(), ...(conversationId ? { conversationId } : {}), ...(req.events ? { events: req.events } : {}), ...(req.signal ? { signal: req.signal } : {}), ...(req.own ? { own: true } : {}), ...(req.ledger ? { ledger: req.ledger } : {}) };
  const context = new RequestContext();
  for (const [k, v] of Object.entries(req.context ?? {})) context.set(k, v);
  context.set(CONTEXT_INPUTS, req.inputs);
  context.set(CONTEXT_RUN, state);
  const tracker = new TurnTracker(compiled, req.messages, req.pending, state);
  const consumed: string[] = [];
  const abort = new AttemptSignal([req.signal, state.abort.signal]);
  if (req.ledger) bindLedger(abort.signal, req.ledger);
  const options = {
    requestContext: context,
    abortSignal: abort.signal,
    onChunk: (c: never) => tracker.chunk(c),
    onStepFinish: (s: never) => tracker.stepFinished(s),
    stopWhen: () => state.submitted !== undefined || state.fatal !== undefined || state.handoff !== undefined,
    ...(req.sequentialTools ? { toolCallConcurrency: 1 } : {}),
  };
  try {
    let pending = req.pending;
    for (;;) {
      let out: MastraOutput;
      try {
        if (!pending) {
          const call = { ...options, ...(compiled.native ? { structuredOutput: { schema: compiled.outputSchema } } : {}) };
          // streamed when the caller follows the run's events (token deltas); else generate, which spares Mastra's
          // chunk stream (a third of the CPU of a turn under load, benchmarks/src/concurrency.ts)
          out = await inAgentRun(state, () => (req.events
            ? streamed(agent.stream(toModelMessages(tracker.committed) as never, call as never), abort.signal)
            : agent.generate(toModelMessages(tracker.committed) as never, call as never))) as MastraOutput;
        } else {
          const id = pending.toolCallId;
          const { runId } = pending;
          const call = pending.calls.find((c) => c.id === id);
          if (pending.kind === 'approval') {
            const d = req.answers.decisions.get(id);
            if (!d) return pauseOf(compiled, tracker, pending, req.answers, consumed);
            consumed.push(id);
            if (d.decision === 'approve') out = await inAgentRun(state, () => streamed(agent.approveToolCall({ runId, toolCallId: id, ...options } as never), abort.signal)) as MastraOutput;
            else {
              const text = rejectionText(call?.name ?? '', d.reason);
              tracker.reject(id, text);
              out = await inAgentRun(state, () => streamed(agent.resumeStream({ approved: false, reason: text }, { runId, toolCallId: id, ...options } as never), abort.signal)) as MastraOutput;
            }
          } else {
            if (!req.answers.toolResults.has(id)) return pauseOf(compiled, tracker, pending, req.answers, consumed);
            consumed.push(id);
            out = await inAgentRun(state, () => streamed(agent.resumeStream({ content: req.answers.toolResults.get(id) }, { runId, toolCallId: id, ...options } as never), abort.signal)) as MastraOutput;
          }
        }
      } catch (e) {
        if (state.fatal) throw state.fatal;
        if (pending && /could not find a suspended run|snapshot/i.test((e as Error).message ?? '')) {
          throw new RuntimeError('AS_RESUME_MISMATCH', `Mastra has no stopped run '${pending.runId}' of agent '${spec.id}' in its storage`, { agent: spec.id }, {
            cause: e, hint: 'resume in the app that saved the session (in-memory store), or give both a persistent store (storage: \'file:./sessions.db\')',
          });
        }
        throw llmError(e, site, req.signal);
      }
      if (state.fatal) throw state.fatal;
      if (out.error) throw llmError(out.error, site, req.signal);
      if (out.finishReason === 'suspended' && out.suspendPayload) {
        pending = tracker.suspended(out.runId ?? pending?.runId ?? '', out.suspendPayload.toolCallId, out.suspendPayload.suspendPayload?.agentspec === 'tool_request' ? 'client' : 'approval', consumed);
        continue;
      }
      return finish(compiled, req, tracker, out, consumed, state);
    }
  } catch (e) {
    tracker.failed(e, /^AS_LLM_/.test(String((e as { code?: unknown } | null)?.code)));
    req.onFailure?.(tracker.committed, e);
    throw e;
  } finally {
    abort.end();
  }
}

function finish(compiled: CompiledAgent, req: AgentRunRequest, tracker: TurnTracker, out: MastraOutput, consumed: string[], state: AgentRunState): AgentRunOutcome {
  const { spec } = compiled;
  const outputs = spec.outputs ?? [];
  const messages = tracker.committed;
  if (tracker.submitted) return { type: 'finished', outputs: tracker.submitted, messages, consumed };
  if (state.handoff !== undefined) return { type: 'user_input', messages, consumed, handoff: state.handoff };
  if (compiled.native) {
    if (typeof out.object !== 'object' || out.object === null) throw new RuntimeError('AS_LLM_RESPONSE', 'the agent ended without a structured result', { agent: spec.id, llm: spec.llm_config.id });
    return { type: 'finished', outputs: shapeOutputs(outputs, out.object as Record<string, unknown>), messages, consumed };
  }
  if (tracker.lastStepCalledTools) {
    throw new RuntimeError('AS_MAX_ITERATIONS', `the agent took more than ${compiled.maxSteps} LLM turns`, { agent: spec.id }, { hint: 'raise limits.maxAgentSteps' });
  }
  if (req.inFlow && outputs.length === 0) return { type: 'finished', outputs: {}, messages, consumed };
  if (spec.human_in_the_loop === false) {
    throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: spec.id });
  }
  return { type: 'user_input', messages, consumed };
}
