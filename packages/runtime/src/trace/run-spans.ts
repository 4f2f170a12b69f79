import type { RuntimeEvent, SpanType, TraceEventType } from '../events.js';
import { traceTime } from './trace-clock.js';

/** The events that open and close each kind of span (Agent Spec Tracing). */
export const SPAN_EVENTS: Readonly<Record<SpanType, readonly [start: TraceEventType, end: TraceEventType]>> = {
  FlowExecutionSpan: ['FlowExecutionStart', 'FlowExecutionEnd'],
  NodeExecutionSpan: ['NodeExecutionStart', 'NodeExecutionEnd'],
  AgentExecutionSpan: ['AgentExecutionStart', 'AgentExecutionEnd'],
  LlmGenerationSpan: ['LlmGenerationRequest', 'LlmGenerationResponse'],
  ToolExecutionSpan: ['ToolExecutionRequest', 'ToolExecutionResponse'],
  SwarmExecutionSpan: ['SwarmExecutionStart', 'SwarmExecutionEnd'],
  ManagerWorkersExecutionSpan: ['ManagerWorkersExecutionStart', 'ManagerWorkersExecutionEnd'],
};

/** A span a runtime opened: what its end, its failure and its children name. */
export interface SpanRef {
  readonly id: string;
  readonly kind: SpanType;
  readonly name: string;
  readonly parentId: string | undefined;
}

/** The attributes of an ExceptionRaised event for an error: its code and message. */
export function errorAttributes(e: unknown): { code: string | undefined; message: string } {
  const err = e as { code?: unknown; message?: unknown } | null | undefined;
  return { code: typeof err?.code === 'string' ? err.code : undefined, message: typeof err?.message === 'string' ? err.message : String(e) };
}

let unnamed = 0;
const processIds = (position: string): string => `span_${(++unnamed).toString(36)}_${position.replace(/[^\w/#.:-]/g, '_').slice(-40)}`;

/**
 * How every runtime emits the spans of a run (DESIGN §4.5), so that adapters
 * cannot drift from the reference interpreter: a span is named by its
 * position in the session (`agent`, `agent/llm#3`, `agent/tool:call_1`…), and
 * its id comes from the session's span ids (`EngineRun.spans`), the same in
 * every run of the session. A later run that starts a span again at a
 * position an earlier run left unfinished (paused for the caller, failed)
 * continues that span: the TraceRecorder reopens it rather than opening a
 * new one, so a resumed turn or a retried step is one span. Without an
 * emitter (`run()` rather than `stream()`) nothing is emitted.
 */
export class RunSpans {
  constructor(
    private readonly emitter: ((e: RuntimeEvent) => void) | undefined,
    private readonly ids: (position: string) => string = processIds,
  ) {}

  /** Whether events go anywhere (the run is streamed). */
  get traced(): boolean {
    return this.emitter !== undefined;
  }

  /** The id of the span at a position. */
  id(position: string): string {
    return this.ids(position);
  }

  /** Emit one event (timestamped now). */
  event(type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown> = {}, parentSpanId?: string): void {
    this.emitter?.({ type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: traceTime(), name, attributes });
  }

  /** Open the span at `position`, under `parent` (a root when none). */
  start(kind: SpanType, position: string, name: string, attributes: Record<string, unknown>, parent?: SpanRef | string): SpanRef {
    if (!this.emitter) {
      // nothing is emitted: the ids are derived only if something asks for them
      const ids = this.ids;
      return { get id() { return ids(position); }, kind, name, get parentId() { return typeof parent === 'string' ? parent : parent?.id; } };
    }
    const parentId = typeof parent === 'string' ? parent : parent?.id;
    const span: SpanRef = { id: this.ids(position), kind, name, parentId };
    this.event(SPAN_EVENTS[kind][0], span.id, name, attributes, parentId);
    return span;
  }

  /** Close a span normally, with its outputs. */
  end(span: SpanRef, attributes: Record<string, unknown> = {}): void {
    this.event(SPAN_EVENTS[span.kind][1], span.id, span.name, attributes, span.parentId);
  }

  /** Close a span with an error (an ExceptionRaised event on it). */
  fail(span: SpanRef, error: unknown): void {
    this.event('ExceptionRaised', span.id, span.name, errorAttributes(error));
  }

  /**
   * Run `fn` inside the span at `position`: ended with `endAttributes` of its
   * result, failed with its error (rethrown). An error `leavesOpen` accepts
   * (a pause) leaves the span open: the run ending closes it.
   */
  async within<T>(
    kind: SpanType, position: string, name: string, attributes: Record<string, unknown>, parent: SpanRef | string | undefined,
    fn: (span: SpanRef) => Promise<T>,
    options: { readonly endAttributes?: (result: T) => Record<string, unknown>; readonly leavesOpen?: (error: unknown) => boolean } = {},
  ): Promise<T> {
    const span = this.start(kind, position, name, attributes, parent);
    try {
      const result = await fn(span);
      this.end(span, options.endAttributes ? options.endAttributes(result) : {});
      return result;
    } catch (e) {
      if (!options.leavesOpen?.(e)) this.fail(span, e);
      throw e;
    }
  }
}
