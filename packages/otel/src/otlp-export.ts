import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace';
import { redactUrl, RuntimeError, type Trace, type TraceListener } from '@agentspec/runtime';
import type { OtelMappingOptions } from './otel-options.js';
import { OtelSpanWriter } from './otel-span-writer.js';

/** Where and how to export. */
export interface OtlpExportOptions extends OtelMappingOptions {
  /**
   * The OTLP/HTTP endpoint (JSON encoding), e.g. `http://localhost:4318/v1/traces`;
   * a URL with no path gets `/v1/traces`. Spans go to this URL only: the
   * OTEL_EXPORTER_OTLP_*ENDPOINT variables are not read.
   */
  readonly url: string;
  /** Extra request headers (an `authorization` for a hosted collector…); OTEL_EXPORTER_OTLP_HEADERS adds to them, as in every OpenTelemetry SDK. */
  readonly headers?: Readonly<Record<string, string>>;
  /** `service.name` of the resource (default `agentspec`). */
  readonly serviceName?: string;
  /** How long an export may take, retries included (default: OTEL_EXPORTER_OTLP_TRACES_TIMEOUT or OTEL_EXPORTER_OTLP_TIMEOUT, else 10 s). */
  readonly timeoutMs?: number;
}

/** The OTLP traces URL of an endpoint: checked (http or https), `/v1/traces` added when it has no path. AS_TRACE_EXPORT for anything else. */
export function otlpTracesUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new RuntimeError('AS_TRACE_EXPORT', `not a URL: '${redactUrl(url)}'`, {}, { hint: 'give the collector\'s OTLP/HTTP endpoint, e.g. http://localhost:4318/v1/traces' });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new RuntimeError('AS_TRACE_EXPORT', `not an http(s) URL: '${redactUrl(url)}'`, {}, { hint: 'OTLP/HTTP endpoints are http:// or https:// URLs' });
  if (u.pathname === '/' || u.pathname === '') u.pathname = '/v1/traces';
  return u.href;
}

/** Wraps the OTLP exporter to remember whether every export succeeded. */
class CheckedExporter implements SpanExporter {
  failure: Error | undefined;
  exported = 0;

  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.inner.export(spans, (result) => {
      // ExportResultCode.SUCCESS is 0
      if (result.code === 0) this.exported += spans.length;
      else this.failure ??= result.error ?? new Error('the collector refused the spans');
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/** A live OTLP export: a tracer of its own (never the global one), a listener for a TraceRecorder, and flush/shutdown that report failures. */
export interface OtlpTracing {
  readonly tracer: Tracer;
  /** A TraceRecorder listener writing with these options. */
  listener(): TraceListener;
  /** Write recorded traces (queued; sent by `flush`/`shutdown`). Returns the number of spans. */
  write(traces: Trace | readonly Trace[]): number;
  /** Send what is queued; AS_TRACE_EXPORT when an export failed. Returns the spans exported so far. */
  flush(): Promise<number>;
  /** Flush, then release the exporter (its HTTP agent). */
  shutdown(): Promise<number>;
}

/**
 * Set up an OTLP/HTTP export of traces, with its own TracerProvider (the
 * global OpenTelemetry API is left alone, so instrumentation of the
 * frameworks a runtime uses does not leak into it).
 */
export function otlpTracing(options: OtlpExportOptions): OtlpTracing {
  const url = otlpTracesUrl(options.url);
  const exporter = new CheckedExporter(new OTLPTraceExporter({ url, headers: { ...options.headers }, ...(options.timeoutMs !== undefined ? { timeoutMillis: options.timeoutMs } : {}) }));
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'agentspec' }),
    spanProcessors: [new BatchSpanProcessor({ exporter, maxQueueSize: 100_000, maxExportBatchSize: 512, scheduledDelayMillis: 1_000 })],
  });
  const tracer = provider.getTracer('@agentspec/otel');
  const check = (): number => {
    if (exporter.failure) {
      throw new RuntimeError('AS_TRACE_EXPORT', `could not export spans to ${redactUrl(url)}: ${exporter.failure.message}`, {}, { hint: 'check that an OTLP/HTTP collector (JSON) listens at that URL', cause: exporter.failure });
    }
    return exporter.exported;
  };
  const flush = async (): Promise<void> => {
    try {
      await provider.forceFlush();
    } catch (e) {
      // the processor rejects with what the exporter reported (one error, or a list of them)
      exporter.failure ??= [e].flat()[0] instanceof Error ? ([e].flat()[0] as Error) : new Error(String(e));
    }
  };
  return {
    tracer,
    listener: () => new OtelSpanWriter(tracer, options).listener(),
    write: (traces) => {
      const writer = new OtelSpanWriter(tracer, options);
      for (const t of listOf(traces)) writer.write(t);
      return writer.count;
    },
    flush: async () => {
      await flush();
      return check();
    },
    shutdown: async () => {
      await flush();
      try {
        await provider.shutdown();
      } catch {
        // what failed is reported by check()
      }
      return check();
    },
  };
}

/** Export recorded traces to an OTLP/HTTP endpoint and wait for the answer; resolves to the number of spans exported, rejects with AS_TRACE_EXPORT. */
export async function exportTraces(traces: Trace | readonly Trace[], options: OtlpExportOptions): Promise<number> {
  const tracing = otlpTracing(options);
  tracing.write(traces);
  return tracing.shutdown();
}

function listOf(traces: Trace | readonly Trace[]): readonly Trace[] {
  return Array.isArray(traces) ? (traces as readonly Trace[]) : [traces as Trace];
}
