import type { RuntimeEvent, TraceEventType } from '@agentspec/runtime';

let counter = 0;

/**
 * Where a run's trace events go (DESIGN §4.5). Compiled steps and agents find
 * it in Mastra's RequestContext; without one (a workflow run by Mastra alone)
 * nothing is emitted.
 */
export class EventSink {
  constructor(private readonly push: (e: RuntimeEvent) => void) {}

  /** An event built elsewhere (the transforms' summarization spans of @agentspec/runtime), as it is. */
  forward(e: RuntimeEvent): void {
    this.push(e);
  }

  emit(type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string): void {
    this.push({ type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: Date.now() * 1e6, name, attributes });
  }

  /** Runs `fn` inside a span: its start event, then its end event (or ExceptionRaised). */
  async span<T>(start: TraceEventType, end: TraceEventType, name: string, attributes: Record<string, unknown>, fn: () => Promise<T>, endAttributes?: (r: T) => Record<string, unknown>): Promise<T> {
    const spanId = `span_m${(++counter).toString(36)}`;
    this.emit(start, spanId, name, attributes);
    try {
      const r = await fn();
      this.emit(end, spanId, name, endAttributes ? endAttributes(r) : {});
      return r;
    } catch (e) {
      this.emit('ExceptionRaised', spanId, name, { code: (e as { code?: string }).code, message: (e as Error).message });
      throw e;
    }
  }
}

/** Runs `fn` in a span when there is a sink, plainly otherwise. */
export function inSpan<T>(sink: EventSink | undefined, start: TraceEventType, end: TraceEventType, name: string, attributes: Record<string, unknown>, fn: () => Promise<T>, endAttributes?: (r: T) => Record<string, unknown>): Promise<T> {
  return sink ? sink.span(start, end, name, attributes, fn, endAttributes) : fn();
}
