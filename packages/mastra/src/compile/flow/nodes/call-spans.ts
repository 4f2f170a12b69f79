import type { Flow } from '@agentspec/core';
import { CONTEXT_RUN } from '../../../constants.js';
import type { EventSink, SpanPlace } from '../../../events.js';
import { SHARED_KEY, type FlowEnvelope, type Frame, type Shared } from '../frame.js';
import type { RunHooks } from './types.js';

/** Where a step finds the run's hooks. */
export type StepContext = { get(key: string): unknown } | undefined;

const eventsOf = (context: StepContext): EventSink | undefined => (context?.get(CONTEXT_RUN) as RunHooks | undefined)?.events;

/**
 * The shared context a sub-flow call hands on (the `:call` step): with the
 * sub-flow's FlowExecution span, opened in the calling node's span (which
 * stays open until the call returns), for the sub-flow's nodes to run in.
 * `iteration`: a map iteration's index — its span's place in the node's,
 * whichever run (a resumed one too) starts it.
 */
export function subflowShared(context: StepContext, caller: Frame, subflow: Flow, inputs: Readonly<Record<string, unknown>>, iteration?: number): Shared {
  const events = eventsOf(context);
  if (!events || !caller.callSpan) return caller.shared;
  const key = iteration === undefined ? undefined : `${subflow.name}#${iteration}`;
  const span = events.within(caller.callSpan, () => events.openPlace('FlowExecutionStart', subflow.name, { flow: subflow.id, inputs }, key));
  return { ...caller.shared, span };
}

/** The sub-flow span a `:call` step opened, from that step's result. */
export function calledSpan(callResult: unknown): SpanPlace | undefined {
  const envelope = (callResult as Record<string, unknown> | undefined)?.[SHARED_KEY] as FlowEnvelope | undefined;
  return envelope?.shared?.span;
}

/**
 * A sub-flow call returned (the `:return` step): the sub-flow's span ends —
 * with the error of a caught failure —, then the calling node's, with the
 * node's outputs.
 */
export function endCallSpans(context: StepContext, caller: Frame, called: SpanPlace | undefined, outcome: { readonly outputs: unknown; readonly branch?: string; readonly error?: unknown }): void {
  const events = eventsOf(context);
  if (!events) return;
  if (called) events.closePlace(called, { outputs: outcome.outputs, ...(outcome.branch ? { branch: outcome.branch } : {}) }, outcome.error);
  if (caller.callSpan) events.closePlace(caller.callSpan, { outputs: outcome.outputs, branch: outcome.branch ?? 'next' });
}

/** The caller's shared context after a call: what the sub-flow shared back, in the caller's own span. */
export function callerShared(caller: Frame, returned: Shared | undefined): Shared {
  const { span: _inner, ...rest } = returned ?? caller.shared;
  return { ...rest, ...(caller.shared.span ? { span: caller.shared.span } : {}) };
}
