import type { StatusType } from '../contract.js';
import type { SpanType, TraceEventType } from '../events.js';

/** The `format` of a trace file. */
export const TRACE_FORMAT = 'agentspec-trace';
/** The version of the trace format this library writes and reads. */
export const TRACE_VERSION = 1;

/**
 * How a span ended: `ok` (its end event came), `error` (an ExceptionRaised
 * event on it), `paused` (still open when its run paused: waiting for a user
 * message, client tool results or confirmations), `unset` (still open when
 * its run ended otherwise, or when the trace was finished).
 */
export type TraceSpanStatus = 'ok' | 'error' | 'paused' | 'unset';

/** A point event of a run (a message added, a token delta, a confirmation, an exception…). */
export interface TracePointEvent {
  readonly type: TraceEventType;
  /** The component (or message sender) concerned. */
  readonly name: string;
  /** Nanoseconds since the epoch. */
  readonly timestamp: number;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** For an event of the trace itself: the span id the runtime named, when it is not a span of this trace. */
  readonly spanId?: string;
}

/** One span: a flow, node, agent, LLM generation or tool execution (Agent Spec Tracing). */
export interface TraceSpan {
  /** Unique in the trace (the runtime's span id; `id#2`… when a runtime reused one). */
  readonly id: string;
  /** The enclosing span, or null for a root (also when the runtime named a parent it never opened in this trace). */
  readonly parentId: string | null;
  readonly kind: SpanType;
  /** The component's name (flow, node, agent, LLM config, tool). */
  readonly name: string;
  /** The component's id, from the start event (`flow`, `node`, `agent`, `llm_config`, `tool`), when given. */
  readonly componentId: string | null;
  /** Index in `Trace.runs` of the run that opened it. */
  readonly run: number;
  /** Nanoseconds since the epoch. */
  readonly start: number;
  readonly end: number;
  readonly status: TraceSpanStatus;
  /** Why it failed (status `error`). */
  readonly error?: { readonly code: string; readonly message: string };
  /** The start event's attributes (inputs, prompt, tool arguments…). */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The end event's attributes (outputs, LLM content, tool calls, usage…), null when it did not end normally. */
  readonly endAttributes: Readonly<Record<string, unknown>> | null;
  /** Its point events, in order. */
  readonly events: readonly TracePointEvent[];
}

/** One `run()` / `stream()` of the session: the trace of a conversation has one per turn. */
export interface TraceRun {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** How it ended: a status type, `error` (a RunError), or `incomplete` (no end event came). */
  readonly status: StatusType | 'error' | 'incomplete';
  readonly error?: { readonly code: string; readonly message: string };
}

/** What the trace knows of a component of the spec, by id (when the recorder was given the spec). */
export interface TraceComponent {
  readonly type: string;
  readonly name: string;
  /** An LLM config's model id. */
  readonly model?: string;
  readonly description?: string;
}

/**
 * The span tree of a session's runs, as written to a trace file (format
 * `agentspec-trace`, version 1). Spans are listed in start order; the tree is
 * `parentId`. Times are nanoseconds since the epoch. Sensitive fields
 * (`api_key`, `password`, … — core's SENSITIVE_FIELD_NAMES) never appear and
 * URLs have their secrets hidden; prompts, messages and tool arguments do
 * (a trace is a debugging record: keep it where the conversation may be).
 */
export interface Trace {
  readonly format: typeof TRACE_FORMAT;
  readonly version: typeof TRACE_VERSION;
  /** A random id (32 hex digits). */
  readonly id: string;
  /** What ran: the spec's name, unless the recorder was given another. */
  readonly name: string;
  /** The runtime that produced it, when known. */
  readonly runtime: string | null;
  readonly start: number;
  readonly end: number;
  readonly runs: readonly TraceRun[];
  readonly spans: readonly TraceSpan[];
  /** Point events that belong to no span of the trace (a user message given before the first span…). */
  readonly events: readonly TracePointEvent[];
  readonly components: Readonly<Record<string, TraceComponent>>;
}
