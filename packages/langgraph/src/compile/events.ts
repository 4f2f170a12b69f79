/**
 * Trace events (DESIGN §4.5) from node bodies, written to LangGraph's custom
 * stream (`config.writer`, stream mode `custom`). They are built only when a
 * caller asked for them (`configurable.agentspec_events`), so a plain
 * `invoke` pays nothing.
 */
import { isGraphBubbleUp, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { errorAttributes, traceTime, type TraceEvent, type TraceEventType } from '@agentspec/runtime';

/** `configurable` key that turns events on. */
export const EVENTS_KEY = 'agentspec_events';
/** `configurable` key holding the span a subgraph runs in. */
export const SPAN_KEY = 'agentspec_span';
/** `configurable` key holding the id of the AgentExecution span of a multi-agent member's graph. */
export const AGENT_SPAN_KEY = 'agentspec_agent_span';
/** `configurable` key holding the ToolExecution span of the call an asked agent answers ({@link CallSpan}). */
export const CALL_SPAN_KEY = 'agentspec_call_span';

/**
 * The span of a call of a tool standing for an agent (a worker, a
 * send_message recipient): opened by the asked agent's graph when it runs
 * (`opened`), so a call whose graph finished in an earlier run — the tools
 * task run again after an interrupt of a later call — opens no span again.
 */
export interface CallSpan {
  readonly spanId: string;
  readonly name: string;
  readonly attributes: Record<string, unknown>;
  readonly parent: string | undefined;
  opened: boolean;
}

export function eventsOn(config: LangGraphRunnableConfig | undefined): boolean {
  return config?.configurable?.[EVENTS_KEY] === true && typeof config.writer === 'function';
}

const threadOf = (config: LangGraphRunnableConfig) => String(config.configurable?.thread_id ?? '');
const namespaceOf = (config: LangGraphRunnableConfig) => String(config.configurable?.checkpoint_ns ?? '');

/**
 * The id of a span of the task running with `config`, at `position` in it
 * (`node`, `llm`, `tool:<call id>`): the thread and the task's checkpoint
 * namespace (which names the task), so the span has the same id when
 * LangGraph runs the task again — the interrupted node of a resumed run —
 * and that run continues the span rather than opening another (the
 * TraceRecorder reopens a span an earlier run left paused).
 */
export function taskSpanId(config: LangGraphRunnableConfig, position: string): string {
  return `lg:${threadOf(config)}:${namespaceOf(config)}/${position}`;
}

/** The id of a span of the graph the task runs in (its namespace without the task's own part): an agent's span, shared by its model and tools tasks. */
export function graphSpanId(config: LangGraphRunnableConfig, position: string): string {
  const ns = namespaceOf(config);
  return `lg:${threadOf(config)}:${ns.slice(0, Math.max(0, ns.lastIndexOf('|')))}/${position}`;
}

/** The span enclosing this graph run (set by the node that invoked it as a subgraph). */
export function parentSpan(config: LangGraphRunnableConfig): string | undefined {
  const s = config.configurable?.[SPAN_KEY];
  return typeof s === 'string' ? s : undefined;
}

/** The config to invoke a subgraph with, so that its spans nest in `spanId`. */
export function inSpanConfig(config: LangGraphRunnableConfig, spanId: string | undefined): LangGraphRunnableConfig {
  if (!spanId) return config;
  return { ...config, configurable: { ...config.configurable, [SPAN_KEY]: spanId } };
}

/**
 * The config to invoke the graph of a Swarm's or ManagerWorkers' member
 * with: its spans nest in `parent`, its AgentExecution span is `agent`.
 */
export function memberConfig(config: LangGraphRunnableConfig, parent: string | undefined, agent: string | undefined, call?: CallSpan): LangGraphRunnableConfig {
  const configurable: Record<string, unknown> = { ...config.configurable, [SPAN_KEY]: parent, [AGENT_SPAN_KEY]: agent, [CALL_SPAN_KEY]: call };
  return { ...config, configurable };
}

export function emit(config: LangGraphRunnableConfig, type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string): void {
  if (!eventsOn(config)) return;
  const event: TraceEvent = { type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: traceTime(), name, attributes };
  config.writer?.(event);
}

/**
 * Run `fn` in the span at `position` of the task ({@link taskSpanId}): the
 * start event, then the end event (or ExceptionRaised — not for interrupts,
 * which are no failure).
 */
export async function span<T>(
  config: LangGraphRunnableConfig,
  types: readonly [TraceEventType, TraceEventType],
  name: string,
  attributes: Record<string, unknown> | (() => Record<string, unknown>),
  parent: string | undefined,
  fn: (spanId: string | undefined) => Promise<T>,
  endAttributes?: (result: T) => Record<string, unknown>,
  position: string = types[0],
): Promise<T> {
  if (!eventsOn(config)) return fn(undefined);
  const spanId = taskSpanId(config, position);
  emit(config, types[0], spanId, name, typeof attributes === 'function' ? attributes() : attributes, parent);
  try {
    const result = await fn(spanId);
    emit(config, types[1], spanId, name, endAttributes ? endAttributes(result) : {}, parent);
    return result;
  } catch (e) {
    emitException(config, spanId, name, e);
    throw e;
  }
}

/** ExceptionRaised in a span — not for interrupts, which are no failure. */
export function emitException(config: LangGraphRunnableConfig, spanId: string, name: string, e: unknown): void {
  if (!isGraphBubbleUp(e)) emit(config, 'ExceptionRaised', spanId, name, errorAttributes(e));
}
