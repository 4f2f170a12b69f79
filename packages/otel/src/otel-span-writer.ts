import { ROOT_CONTEXT, trace as otelTrace, type HrTime, type Span, type SpanContext, type Tracer } from '@opentelemetry/api';
import type { Trace, TraceInfo, TraceListener, TracePointEvent, TraceSpan } from '@agentspec/runtime';
import { GEN_AI } from './gen-ai-attributes.js';
import type { OtelMappingOptions } from './otel-options.js';
import { spanEnd, spanEvent, spanStart } from './span-mapping.js';

/** Nanoseconds since the epoch as an OpenTelemetry HrTime. */
export function hrTime(ns: number): HrTime {
  const seconds = Math.floor(ns / 1e9);
  return [seconds, Math.max(0, Math.min(999_999_999, Math.round(ns - seconds * 1e9)))];
}

/**
 * Writes trace spans as OpenTelemetry spans through a Tracer: a span's
 * OpenTelemetry parent is its trace parent (a root starts a new OpenTelemetry
 * trace; every span carries `gen_ai.conversation.id`, the trace's id, so a
 * conversation's turns stay together).
 */
export class OtelSpanWriter {
  private readonly open = new Map<string, { span: Span; start: number; chunked: boolean }>();
  private readonly contexts = new Map<string, SpanContext>();
  private written = 0;

  constructor(
    private readonly tracer: Tracer,
    private readonly options: OtelMappingOptions = {},
  ) {}

  /** Spans ended so far. */
  get count(): number {
    return this.written;
  }

  start(span: TraceSpan, info: TraceInfo): void {
    const parent = span.parentId !== null ? this.contexts.get(span.parentId) : undefined;
    const { name, kind, attributes } = spanStart(span, info, this.options);
    const ctx = parent ? otelTrace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
    const otelSpan = this.tracer.startSpan(name, { kind, attributes, startTime: hrTime(span.start), root: !parent }, ctx);
    this.open.set(span.id, { span: otelSpan, start: span.start, chunked: false });
    this.contexts.set(span.id, otelSpan.spanContext());
  }

  event(event: TracePointEvent, span: TraceSpan): void {
    const open = this.open.get(span.id);
    if (!open) return;
    if (event.type === 'LlmGenerationStreamingChunkReceived' && !open.chunked) {
      open.chunked = true;
      open.span.setAttributes({ [GEN_AI.REQUEST_STREAM]: true, [GEN_AI.RESPONSE_TIME_TO_FIRST_CHUNK]: Math.max(0, event.timestamp - open.start) / 1e9 });
    }
    const mapped = spanEvent(event, this.options);
    if (mapped) open.span.addEvent(mapped.name, mapped.attributes, hrTime(event.timestamp));
  }

  end(span: TraceSpan): void {
    const open = this.open.get(span.id);
    if (!open) return;
    this.open.delete(span.id);
    const { attributes, status } = spanEnd(span, this.options);
    open.span.setAttributes(attributes);
    open.span.setStatus(status);
    open.span.end(hrTime(span.end));
    this.written++;
  }

  /** A whole recorded trace: every span started (parents first), its events added, then ended (children first). */
  write(trace: Trace): void {
    const info: TraceInfo = { id: trace.id, name: trace.name, runtime: trace.runtime, components: trace.components };
    for (const span of trace.spans) {
      this.start(span, info);
      for (const e of span.events) this.event(e, span);
    }
    for (const span of [...trace.spans].reverse()) this.end(span);
  }

  /** A listener for a TraceRecorder: spans go out as the run goes. */
  listener(): TraceListener {
    return {
      spanStarted: (span, info) => this.start(span, info),
      eventAdded: (event, span) => {
        if (span) this.event(event, span);
      },
      spanEnded: (span) => this.end(span),
    };
  }
}

/** A TraceRecorder listener that writes its spans through any OpenTelemetry Tracer (your own provider and exporter). */
export function otelListener(tracer: Tracer, options: OtelMappingOptions = {}): TraceListener {
  return new OtelSpanWriter(tracer, options).listener();
}

/** Write recorded traces through any OpenTelemetry Tracer; returns the number of spans written. */
export function writeTraces(traces: Trace | readonly Trace[], tracer: Tracer, options: OtelMappingOptions = {}): number {
  const writer = new OtelSpanWriter(tracer, options);
  for (const t of Array.isArray(traces) ? (traces as readonly Trace[]) : [traces as Trace]) writer.write(t);
  return writer.count;
}
