import { AsyncLocalStorage } from 'node:async_hooks';
import type { Ledger, RuntimeError } from '@agentspec/runtime';
import type { EventSink } from '../../events.js';
import type { RequestContext } from '@mastra/core/request-context';
import { CONTEXT_INPUTS, CONTEXT_RUN } from '../../constants.js';

/**
 * What one agent run (one `generate` or resume call) shares with its tools
 * through Mastra's RequestContext: the failure that must end the run (a
 * throwing tool, an unknown or malformed tool call — DESIGN §11 says these
 * fail the run rather than go back to the LLM), the abort that stops Mastra's
 * loop, the submitted outputs, and where events go.
 */
export interface AgentRunState {
  fatal?: RuntimeError;
  submitted?: Record<string, unknown>;
  /** The Swarm agent a transfer tool handed the conversation over to (the first transfer of a step wins): the run stops after that step. */
  handoff?: string;
  /** The agent answers in a conversation of its own (asked by another agent): its messages are not the session's. */
  readonly own?: boolean;
  readonly abort: AbortController;
  /** The session's conversation (an agent built by a `build` hook keys its transforms' summaries by it). */
  readonly conversationId?: string;
  readonly events?: EventSink;
  readonly signal?: AbortSignal;
  /** The session run's ledger, for a run outside `withLedger` (its tools record their results there). */
  readonly ledger?: Ledger;
}

export function runStateOf(context: { get(key: string): unknown } | undefined): AgentRunState | undefined {
  return context?.get(CONTEXT_RUN) as AgentRunState | undefined;
}

/** Ends the run with `error` (the first one wins). */
export function failRun(state: AgentRunState, error: RuntimeError): void {
  state.fatal ??= error;
  state.abort.abort(error);
}

/** The agent's inputs, as its instructions read them. */
export function inputsOf(context: RequestContext | undefined): Record<string, unknown> {
  return (context?.get(CONTEXT_INPUTS) as Record<string, unknown> | undefined) ?? {};
}

const running = new AsyncLocalStorage<AgentRunState>();

/**
 * Runs a call of Mastra's agent loop as part of `state`'s run (see {@link eventsOfRun}). A run without events outside
 * any other has nothing there for its tools (they fall back on the RequestContext's state): it runs as it is, without
 * an async context, which every promise made under it would carry.
 */
export function inAgentRun<T>(state: AgentRunState, fn: () => T): T {
  if (!state.events && running.getStore() === undefined) return fn();
  return running.run(state, fn);
}

/**
 * Where a tool's events go: the run in progress's sink. A run that resumes
 * a stopped one (an approved call) may give the tool the RequestContext of
 * the run that stopped, whose events would go to a stream that has ended.
 */
export function eventsOfRun(fromContext: AgentRunState | undefined): EventSink | undefined {
  return running.getStore()?.events ?? fromContext?.events;
}
