import { AsyncLocalStorage } from 'node:async_hooks';
import { errorAttributes, type RunSpans, type SpanRef, type SpanType, type TraceEventType, type TransformTrace } from '@agentspec/runtime';

const KIND_OF: Partial<Record<TraceEventType, SpanType>> = {
  FlowExecutionStart: 'FlowExecutionSpan', NodeExecutionStart: 'NodeExecutionSpan', AgentExecutionStart: 'AgentExecutionSpan',
  LlmGenerationRequest: 'LlmGenerationSpan', ToolExecutionRequest: 'ToolExecutionSpan',
  SwarmExecutionStart: 'SwarmExecutionSpan', ManagerWorkersExecutionStart: 'ManagerWorkersExecutionSpan',
};

/** A span as the workflow's state keeps it (plain JSON), for the steps that run in it later: a sub-flow's nodes, the step that ends it. */
export interface SpanPlace {
  readonly id: string;
  readonly position: string;
  readonly kind: SpanType;
  readonly name: string;
  readonly parentId?: string;
}

/** The span code runs in: its id, its position in the run, how many children of each name it has started. */
interface Enclosing {
  readonly id: string;
  readonly position: string;
  readonly started: Map<string, number>;
  readonly place?: SpanPlace;
}

/**
 * Where a run's trace events go (DESIGN §4.5), through the shared span
 * helpers (`EngineRun.spans`). Compiled steps and agents find it in Mastra's
 * RequestContext; without one (a workflow run by Mastra alone) nothing is
 * emitted. The span code runs in is carried in the async context, so spans
 * nest wherever Mastra runs a step; a span's position is its parent's and
 * its name with a count (`flow/ask#0`), so a suspended step that a later run
 * resumes has the id it had and that run continues its span.
 */
export class EventSink {
  private readonly current = new AsyncLocalStorage<Enclosing>();
  private readonly roots = new Map<string, number>();
  /** Per span a step before opened: the children started in it so far in this run. */
  private readonly startedIn = new Map<string, Map<string, number>>();

  constructor(private readonly spans: RunSpans) {}

  /** The span code runs in now (undefined at the root). */
  get spanId(): string | undefined {
    return this.current.getStore()?.id;
  }

  /** Where the message transforms of the agent code runs in trace their summarization calls (LLM spans in its span). */
  transforms(): TransformTrace {
    const here = this.current.getStore();
    return { spans: this.spans, ...(here ? { parent: here.id } : {}), position: `${here?.position ?? ''}/transforms` };
  }

  /** A point event; `spanId` 'run' stands for the span code runs in. */
  emit(type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string): void {
    this.spans.event(type, spanId === 'run' ? (this.spanId ?? 'run') : spanId, name, attributes, parentSpanId);
  }

  /** The span code runs in now, as the workflow's state can keep it. */
  here(): SpanPlace | undefined {
    return this.current.getStore()?.place;
  }

  /** Runs `fn` in a span a step before opened (`place`), or where it runs when none. */
  within<T>(place: SpanPlace | undefined, fn: () => T): T {
    if (!place) return fn();
    // the children a span has started are counted across the steps that run in it (map iterations in a node's span)
    let started = this.startedIn.get(place.id);
    if (!started) this.startedIn.set(place.id, (started = new Map()));
    return this.current.run({ id: place.id, position: place.position, started, place }, fn);
  }

  /** Opens a span where code runs, for later steps to end ({@link closePlace}); `key` as for {@link open}. */
  openPlace(start: TraceEventType, name: string, attributes: Record<string, unknown>, key?: string): SpanPlace {
    const parent = this.current.getStore();
    const position = this.position(parent, name, key);
    const span = this.spans.start(KIND_OF[start] ?? 'NodeExecutionSpan', position, name, attributes, parent?.id);
    return { id: span.id, position, kind: span.kind, name, ...(parent ? { parentId: parent.id } : {}) };
  }

  /** Ends a span a step before opened: normally, or with an error. */
  closePlace(place: SpanPlace, attributes: Record<string, unknown>, error?: unknown): void {
    const span: SpanRef = { id: place.id, kind: place.kind, name: place.name, parentId: place.parentId };
    if (error !== undefined) this.spans.fail(span, error);
    else this.spans.end(span, attributes);
  }

  /** Opens a span in the span code runs in, to be closed with {@link close} or {@link fail} (an LLM step Mastra reports in callbacks). */
  open(start: TraceEventType, name: string, attributes: Record<string, unknown>, key?: string): SpanRef {
    const parent = this.current.getStore();
    return this.spans.start(KIND_OF[start] ?? 'NodeExecutionSpan', this.position(parent, name, key), name, attributes, parent?.id);
  }

  /** Where a child span is: `key` when the caller knows one stable across runs (an LLM step, a tool call), else its name with a count. */
  private position(parent: Enclosing | undefined, name: string, key: string | undefined): string {
    if (key !== undefined) return `${parent?.position ?? ''}/${key}`;
    const counts = parent?.started ?? this.roots;
    const n = counts.get(name) ?? 0;
    counts.set(name, n + 1);
    return `${parent?.position ?? ''}/${name}#${n}`;
  }

  close(span: SpanRef, attributes: Record<string, unknown> = {}): void {
    this.spans.end(span, attributes);
  }

  fail(span: SpanRef, error: unknown): void {
    this.spans.fail(span, error);
  }

  /**
   * Runs `fn` inside a span: its start event, then its end event (or
   * ExceptionRaised). `endsOn` decides from the result whether the span ends
   * (a run that stops for the caller leaves it open: the run's end pauses it).
   */
  async span<T>(start: TraceEventType, end: TraceEventType, name: string, attributes: Record<string, unknown>, fn: () => Promise<T>,
    endAttributes?: (r: T) => Record<string, unknown>, endsOn: (r: T) => boolean = () => true, key?: string): Promise<T> {
    const parent = this.current.getStore();
    const position = this.position(parent, name, key);
    const span = this.spans.start(KIND_OF[start] ?? 'NodeExecutionSpan', position, name, attributes, parent?.id);
    try {
      const place: SpanPlace = { id: span.id, position, kind: span.kind, name, ...(parent ? { parentId: parent.id } : {}) };
      const started = new Map<string, number>();
      this.startedIn.set(span.id, started);
      const r = await this.current.run({ id: span.id, position, started, place }, fn);
      if (endsOn(r)) this.spans.event(end, span.id, name, endAttributes ? endAttributes(r) : {}, parent?.id);
      return r;
    } catch (e) {
      this.spans.event('ExceptionRaised', span.id, name, errorAttributes(e));
      throw e;
    }
  }
}

/** Runs `fn` in a span when there is a sink, plainly otherwise. */
export function inSpan<T>(sink: EventSink | undefined, start: TraceEventType, end: TraceEventType, name: string, attributes: Record<string, unknown>, fn: () => Promise<T>,
  endAttributes?: (r: T) => Record<string, unknown>, endsOn?: (r: T) => boolean): Promise<T> {
  return sink ? sink.span(start, end, name, attributes, fn, endAttributes, endsOn) : fn();
}
