import { randomBytes } from 'node:crypto';
import type { Component } from '@agentspec/core';
import { SPAN_OF, type RuntimeEvent, type SpanType, type TraceEvent } from '../events.js';
import { redactSensitive } from './redact-sensitive.js';
import { TRACE_FORMAT, TRACE_VERSION, type Trace, type TraceComponent, type TracePointEvent, type TraceRun, type TraceSpan, type TraceSpanStatus } from './trace.js';
import { traceComponents } from './trace-components.js';
import { traceTime } from './trace-clock.js';
import type { RunStatus } from '../contract.js';

/**
 * A consumer of a trace as it is recorded (Agent Spec Tracing's
 * SpanProcessor): told when a span starts and ends and when an event is
 * added. A listener that throws is not called again (the run goes on).
 */
export interface TraceListener {
  spanStarted?(span: TraceSpan, trace: TraceInfo): void;
  spanEnded?(span: TraceSpan, trace: TraceInfo): void;
  eventAdded?(event: TracePointEvent, span: TraceSpan | undefined, trace: TraceInfo): void;
  runEnded?(run: TraceRun, trace: TraceInfo): void;
}

/** What a listener may know of the trace being recorded. */
export interface TraceInfo {
  readonly id: string;
  readonly name: string;
  readonly runtime: string | null;
  readonly components: Readonly<Record<string, TraceComponent>>;
}

export interface TraceRecorderOptions {
  /** What runs (default: the spec's name, else `run`). */
  readonly name?: string;
  /** The runtime's name, written in the trace. */
  readonly runtime?: string;
  /** The spec that runs: the trace then knows its components by id (type, name, model). */
  readonly spec?: Component;
  readonly listeners?: readonly TraceListener[];
  /** The clock for ends the runtime does not give (run ends, spans closed by the recorder), in ns since the epoch. */
  readonly now?: () => number;
}

/** Which start-event attribute holds the component id, per span kind. */
const COMPONENT_KEYS: Record<SpanType, readonly string[]> = {
  FlowExecutionSpan: ['flow'],
  NodeExecutionSpan: ['node'],
  AgentExecutionSpan: ['agent'],
  SwarmExecutionSpan: ['swarm'],
  ManagerWorkersExecutionSpan: ['managerworkers'],
  LlmGenerationSpan: ['llm_config'],
  ToolExecutionSpan: ['tool', 'node'],
};

const START_EVENTS = new Set(['FlowExecutionStart', 'NodeExecutionStart', 'AgentExecutionStart', 'SwarmExecutionStart', 'ManagerWorkersExecutionStart', 'LlmGenerationRequest', 'ToolExecutionRequest']);

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type OpenSpan = Mutable<TraceSpan> & {
  events: TracePointEvent[];
  open: boolean;
  /** Index of the run that closed it (while closed). */
  closedIn?: number;
};

/**
 * Collects the events of a session's runs (`session.stream()`, each run in
 * turn) into a span tree, a {@link Trace}. Spans still open when their run
 * ends are closed then (`paused` when it waits for the caller, `error` with
 * the run's error when it failed, `unset` otherwise), an ExceptionRaised
 * closes its span as `error`, and a span that ends closes the children the
 * runtime left open in it (as `unset`, or with its error). A later run
 * that continues a span an earlier run left unfinished (starts it again
 * under the same id, or its children start under it, or its events or its
 * end come: a resumed pause, a retried failure) reopens it — with its closed
 * ancestors — until it ends again, so a session is one tree and children
 * stay inside their parents. Robust to what runtimes emit: a start of a
 * span still open is that span, a span id used again for a start after its
 * span ended `ok` opens a new span (`id#2`), a parent never
 * opened makes a root, end events of spans never opened and events of no
 * known span go to the trace's own events. Attributes are copied through
 * {@link redactSensitive}. The runtimes are not changed: this only listens.
 */
export class TraceRecorder {
  readonly id = randomBytes(16).toString('hex');
  readonly name: string;
  readonly runtime: string | null;
  readonly components: Readonly<Record<string, TraceComponent>>;
  private readonly spans: OpenSpan[] = [];
  /** The runtime's span id → the span it names now. */
  private readonly byId = new Map<string, OpenSpan>();
  /** The trace's span id → the span. */
  private readonly own = new Map<string, OpenSpan>();
  private readonly uses = new Map<string, number>();
  private readonly events: TracePointEvent[] = [];
  private readonly runs: TraceRun[] = [];
  private runStart: number | undefined;
  private last = 0;
  private readonly listeners: TraceListener[];
  private readonly now: () => number;

  constructor(options: TraceRecorderOptions = {}) {
    this.components = options.spec ? traceComponents(options.spec) : {};
    this.name = options.name ?? (typeof options.spec?.name === 'string' ? options.spec.name : 'run');
    this.runtime = options.runtime ?? null;
    this.listeners = [...(options.listeners ?? [])];
    this.now = options.now ?? traceTime;
    this.last = this.now();
  }

  /** Pass a run's events through while recording them: `for await (const e of recorder.record(session.stream()))`. */
  async *record(stream: AsyncIterable<RuntimeEvent>): AsyncIterable<RuntimeEvent> {
    let ended = false;
    try {
      for await (const e of stream) {
        this.add(e);
        if (e.type === 'RunStatus' || e.type === 'RunError') ended = true;
        yield e;
      }
    } finally {
      if (!ended) this.endRun('incomplete');
    }
  }

  /**
   * One run of the session as \`stream()\`, recorded: the same run as
   * \`run()\`, its status returned, or its error thrown with the run's code
   * (and the hint its message carries, as \`run()\` gives it).
   */
  async run(session: { stream(): AsyncIterable<RuntimeEvent> }): Promise<RunStatus> {
    let status: RunStatus | undefined;
    let error: { code: string; message: string } | undefined;
    for await (const e of this.record(session.stream())) {
      if (e.type === 'RunStatus') status = e.status;
      else if (e.type === 'RunError') error = e.error;
    }
    if (error || !status) {
      const { code, message } = error ?? { code: 'AS_INTERNAL', message: 'the run ended without a RunStatus or RunError event' };
      const hint = / \(hint: (.*)\)$/s.exec(message)?.[1];
      throw Object.assign(new Error(message), { code, ...(hint !== undefined ? { hint } : {}) });
    }
    return status;
  }

  /** Record one event. */
  add(event: RuntimeEvent): void {
    if (event.type === 'RunStatus') return this.endRun(event.status.type);
    if (event.type === 'RunError') return this.endRun('error', { code: event.error.code, message: event.error.message });
    this.runStart ??= event.timestamp;
    this.last = Math.max(this.last, event.timestamp);
    const kind = SPAN_OF[event.type];
    if (kind && START_EVENTS.has(event.type)) this.open(event, kind);
    else if (kind) this.close(event);
    else if (event.type === 'ExceptionRaised') this.fail(event);
    else this.point(event, this.byId.get(event.spanId));
  }

  /** The trace so far; spans still open are shown closed now as `unset` (they stay open in the recorder). */
  trace(): Trace {
    const live = this.runStart !== undefined || this.spans.some((s) => s.open);
    const now = live ? Math.max(this.now(), this.last) : this.last;
    const spans = this.spans.map(({ open, closedIn: _closed, ...s }) => (open ? { ...s, end: now, status: 'unset' as const, events: [...s.events] } : { ...s, events: [...s.events] }));
    const runs = this.runStart !== undefined ? [...this.runs, { index: this.runs.length, start: this.runStart, end: now, status: 'incomplete' as const }] : [...this.runs];
    const start = Math.min(runs[0]?.start ?? Infinity, spans[0]?.start ?? Infinity, this.events[0]?.timestamp ?? Infinity);
    return {
      format: TRACE_FORMAT, version: TRACE_VERSION, id: this.id, name: this.name, runtime: this.runtime,
      start: Number.isFinite(start) ? start : now, end: Math.max(now, runs.at(-1)?.end ?? now),
      runs, spans, events: [...this.events], components: this.components,
    };
  }

  /** End the recording: a run still going is `incomplete`, its open spans `unset`; returns the trace. */
  finish(): Trace {
    if (this.runStart !== undefined) this.endRun('incomplete');
    return this.trace();
  }

  private get info(): TraceInfo {
    return { id: this.id, name: this.name, runtime: this.runtime, components: this.components };
  }

  private open(event: TraceEvent, kind: SpanType): void {
    const earlier = this.byId.get(event.spanId);
    // a start of a span still open (announced again by another task of the same component) is that span
    if (earlier?.open) return;
    if (earlier && this.continued(earlier)) return this.resume(earlier);
    const used = this.uses.get(event.spanId) ?? 0;
    this.uses.set(event.spanId, used + 1);
    const parent = event.parentSpanId !== undefined ? this.byId.get(event.parentSpanId) : undefined;
    if (parent) this.resume(parent);
    const attributes = redactSensitive(event.attributes) as Record<string, unknown>;
    const componentId = COMPONENT_KEYS[kind].map((k) => attributes[k]).find((v) => typeof v === 'string') as string | undefined;
    const span: OpenSpan = {
      id: used === 0 ? event.spanId : `${event.spanId}#${used + 1}`, parentId: parent?.id ?? null, kind, name: event.name,
      componentId: componentId ?? null, run: this.runs.length, start: event.timestamp, end: event.timestamp, status: 'unset',
      attributes, endAttributes: null, events: [], open: true,
    };
    this.spans.push(span);
    this.byId.set(event.spanId, span);
    this.own.set(span.id, span);
    this.notify((l) => l.spanStarted?.(this.view(span), this.info));
  }

  private close(event: TraceEvent): void {
    const span = this.byId.get(event.spanId);
    if (span) this.resume(span);
    if (!span?.open) return this.point(event, undefined);
    span.endAttributes = redactSensitive(event.attributes) as Record<string, unknown>;
    this.end(span, event.timestamp, 'ok');
  }

  private fail(event: TraceEvent): void {
    const span = this.byId.get(event.spanId);
    if (span) this.resume(span);
    const a = event.attributes;
    const code = String(a.code ?? a.exception_type ?? 'ERROR');
    const message = String(a.message ?? a.exception_message ?? '');
    this.point(event, span);
    if (span?.open) {
      span.error = redactSensitive({ code, message }) as { code: string; message: string };
      this.end(span, event.timestamp, 'error');
    }
  }

  private point(event: TraceEvent, span: OpenSpan | undefined): void {
    if (span) this.resume(span);
    const recorded: TracePointEvent = {
      type: event.type, name: event.name, timestamp: event.timestamp, attributes: redactSensitive(event.attributes) as Record<string, unknown>,
      ...(span ? {} : { spanId: event.spanId }),
    };
    (span ? span.events : this.events).push(recorded);
    this.notify((l) => l.eventAdded?.(recorded, span && this.view(span), this.info));
  }

  private isUnder(span: OpenSpan, ancestor: OpenSpan): boolean {
    for (let p = span.parentId !== null ? this.own.get(span.parentId) : undefined; p; p = p.parentId !== null ? this.own.get(p.parentId) : undefined) if (p === ancestor) return true;
    return false;
  }

  /** Whether a span was left unfinished by an earlier run (paused, failed, never ended): this run may continue it. */
  private continued(span: OpenSpan): boolean {
    return !span.open && span.status !== 'ok' && span.closedIn !== undefined && span.closedIn < this.runs.length;
  }

  /** A span an earlier run closed that this run continues: open again, with its closed ancestors. */
  private resume(span: OpenSpan): void {
    for (let s: OpenSpan | undefined = span; s && !s.open && s.closedIn !== undefined && s.closedIn < this.runs.length; s = s.parentId !== null ? this.own.get(s.parentId) : undefined) {
      s.open = true;
      s.status = 'unset';
      delete s.error;
      delete s.closedIn;
    }
  }

  private end(span: OpenSpan, at: number, status: TraceSpanStatus): void {
    // children the runtime left open end with their parent (inside it)
    for (const child of [...this.spans].reverse()) {
      if (child.open && child !== span && this.isUnder(child, span)) {
        if (status === 'error' && span.error) child.error = span.error;
        this.end(child, at, status === 'ok' ? 'unset' : status);
      }
    }
    span.open = false;
    span.closedIn = this.runs.length;
    span.end = Math.max(at, span.start);
    span.status = status;
    this.notify((l) => l.spanEnded?.(this.view(span), this.info));
  }

  private endRun(status: TraceRun['status'], error?: { code: string; message: string }): void {
    const end = Math.max(this.now(), this.last);
    // innermost first, so that a listener sees children end before their parent; a failed run's open spans failed with it
    const paused = status === 'user_input' || status === 'tool_request' || status === 'tool_confirmation';
    for (const span of [...this.spans].reverse()) {
      if (!span.open) continue;
      if (error) span.error = redactSensitive(error) as { code: string; message: string };
      this.end(span, end, paused ? 'paused' : error ? 'error' : 'unset');
    }
    const run: TraceRun = { index: this.runs.length, start: this.runStart ?? end, end, status, ...(error ? { error: redactSensitive(error) as { code: string; message: string } } : {}) };
    this.runs.push(run);
    this.runStart = undefined;
    this.last = end;
    this.notify((l) => l.runEnded?.(run, this.info));
  }

  private view(span: OpenSpan): TraceSpan {
    const { open: _open, closedIn: _closed, ...rest } = span;
    return { ...rest, events: [...span.events] };
  }

  private notify(call: (l: TraceListener) => void): void {
    for (const l of [...this.listeners]) {
      try {
        call(l);
      } catch {
        // Agent Spec Tracing: a processor never breaks the run; one that threw is dropped
        this.listeners.splice(this.listeners.indexOf(l), 1);
      }
    }
  }
}
