/**
 * Trace events (DESIGN §4.5) from node bodies, written to LangGraph's custom
 * stream (`config.writer`, stream mode `custom`). They are built only when a
 * caller asked for them (`configurable.agentspec_events`), so a plain
 * `invoke` pays nothing.
 */
import { isGraphBubbleUp, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { TraceEvent, TraceEventType } from '@agentspec/runtime';

/** `configurable` key that turns events on. */
export const EVENTS_KEY = 'agentspec_events';
/** `configurable` key holding the span a subgraph runs in. */
export const SPAN_KEY = 'agentspec_span';

let counter = 0;

export function eventsOn(config: LangGraphRunnableConfig | undefined): boolean {
  return config?.configurable?.[EVENTS_KEY] === true && typeof config.writer === 'function';
}

export function newSpanId(): string {
  return `span_${(++counter).toString(36)}_${Date.now().toString(36)}`;
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

export function emit(config: LangGraphRunnableConfig, type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string): void {
  if (!eventsOn(config)) return;
  const event: TraceEvent = { type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: Date.now() * 1e6, name, attributes };
  config.writer?.(event);
}

/**
 * Run `fn` in a span: the start event, then the end event (or
 * ExceptionRaised — not for interrupts, which are no failure).
 */
export async function span<T>(
  config: LangGraphRunnableConfig,
  types: readonly [TraceEventType, TraceEventType],
  name: string,
  attributes: Record<string, unknown> | (() => Record<string, unknown>),
  parent: string | undefined,
  fn: (spanId: string | undefined) => Promise<T>,
  endAttributes?: (result: T) => Record<string, unknown>,
): Promise<T> {
  if (!eventsOn(config)) return fn(undefined);
  const spanId = newSpanId();
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
  if (!isGraphBubbleUp(e)) emit(config, 'ExceptionRaised', spanId, name, { code: (e as { code?: unknown }).code, message: (e as Error).message });
}
