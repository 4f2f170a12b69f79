import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Component } from '@agentspec/core';
import { compareTraces, redactUrl, TraceRecorder, traceToJson, type Trace } from '@agentspec/runtime';
import { errorLine } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { UsageError, type Io } from '../io.js';

/** The tracing options of `run`. */
export interface TraceTargets {
  /** A trace file, or a folder (one `<runtime>.json` per runtime). */
  readonly trace?: string;
  /** An OTLP/HTTP endpoint to export the traces to. */
  readonly otlp?: string;
  /** Export content (prompts, messages, tool arguments and results) to --otlp. */
  readonly otlpContent?: boolean;
}

export function wantsTrace(targets: TraceTargets): boolean {
  return Boolean(targets.trace || targets.otlp);
}

/** A folder target: one that is a folder, or ends with a slash. */
function isFolder(path: string): boolean {
  return /[\\/]$/.test(path) || (existsSync(path) && statSync(path).isDirectory());
}

/** Check --trace, --otlp and --otlp-content before anything runs (usage errors, exit 2). */
export async function checkTraceTargets(targets: TraceTargets): Promise<void> {
  if (targets.otlpContent && !targets.otlp) throw new UsageError('--otlp-content goes with --otlp', { hint: 'export content only where you name a collector: --otlp URL --otlp-content' });
  if (targets.otlp) {
    const { otlpTracesUrl } = await import('@agentspec/otel');
    try {
      otlpTracesUrl(targets.otlp);
    } catch (e) {
      const err = e as { message: string; hint?: string };
      throw new UsageError(`--otlp ${err.message.replace(/^AS_TRACE_EXPORT: /, '').replace(/ \(hint: .*\)$/, '')}`, err.hint ? { hint: err.hint } : {});
    }
  }
  if (targets.trace && !isFolder(targets.trace) && !existsSync(dirname(targets.trace))) {
    throw new UsageError(`cannot write the trace to ${targets.trace}: no such folder ${dirname(targets.trace)}`, { code: 'AS_CANNOT_WRITE' });
  }
}

/** A recorder for one runtime's run of the spec. */
export function traceRecorder(component: Component, runtime: string): TraceRecorder {
  return new TraceRecorder({ spec: component, runtime });
}

/**
 * Write the traces where --trace says (one file: a trace, or a list of them;
 * a folder: `<runtime>.json` each) and export them to --otlp; one line per
 * target on stderr. An export that fails prints its AS_TRACE_EXPORT error:
 * the exit code it asks for is returned (the traces are written first).
 */
export async function deliverTraces(io: Io, targets: TraceTargets, traces: readonly Trace[]): Promise<number | undefined> {
  const spans = (ts: readonly Trace[]) => ts.reduce((n, t) => n + t.spans.length, 0);
  if (targets.trace) {
    if (isFolder(targets.trace)) {
      mkdirSync(targets.trace, { recursive: true });
      for (const t of traces) {
        const file = join(targets.trace, `${t.runtime ?? 'trace'}.json`);
        io.writeFile(file, traceToJson(t));
        io.stderr(`trace: ${file} (${t.spans.length} spans)\n`);
      }
    } else {
      io.writeFile(targets.trace, traceToJson(traces.length === 1 ? traces[0]! : traces));
      io.stderr(`trace: ${targets.trace} (${traces.length > 1 ? `${traces.length} traces, ` : ''}${spans(traces)} spans)\n`);
    }
  }
  if (traces.length > 1) {
    const { differences } = compareTraces(traces);
    io.stderr(differences.length === 0 ? 'trace: the span trees are the same on every runtime\n'
      : `trace: the span trees differ from ${traces[0]!.runtime}'s (${differences.length}): ${differences.slice(0, 3).join('; ')}${differences.length > 3 ? '; …' : ''}\n`);
  }
  if (targets.otlp) {
    const { exportTraces } = await import('@agentspec/otel');
    try {
      const n = await exportTraces(traces, { url: targets.otlp, captureContent: targets.otlpContent === true });
      io.stderr(`trace: ${n} spans exported to ${redactUrl(targets.otlp)}${targets.otlpContent ? ' (with content)' : ''}\n`);
    } catch (e) {
      const err = e as { code?: string; message: string; hint?: string };
      io.stderr(errorLine(err.code ?? 'AS_TRACE_EXPORT', err.message.replace(`${err.code}: `, '').replace(err.hint ? ` (hint: ${err.hint})` : '', ''), err.hint));
      return EXIT.RUN_FAILED;
    }
  }
  return undefined;
}
