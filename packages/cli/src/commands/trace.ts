import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseTraces, redactUrl, type Trace } from '@agentspec/runtime';
import { errorLine } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { readInput, UsageError, type Io } from '../io.js';
import { checkTraceTargets } from '../run/run-traces.js';
import { traceHtml } from '../trace-view/trace-html.js';

export interface TraceViewOptions {
  /** The HTML file to write (default: the first input with .html for .json; a folder's `traces.html`). */
  readonly out?: string;
}

export interface TraceExportOptions {
  readonly otlp: string;
  readonly otlpContent?: boolean;
}

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** The trace files an argument names: a file, or the .json files of a folder. */
function traceFiles(path: string): string[] {
  if (!isDir(path)) return [path];
  const files = readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => join(path, f));
  if (files.length === 0) throw new UsageError(`${path} holds no .json trace files`, { code: 'AS_FILE_NOT_FOUND' });
  return files;
}

/** Every trace the arguments name, in order (one file may hold several); the reference runtime's first when a folder holds it. */
export function readTraces(io: Io, paths: readonly string[]): Trace[] {
  const traces: Trace[] = [];
  for (const path of paths) {
    const fromFolder: Trace[] = [];
    for (const file of traceFiles(path)) {
      try {
        fromFolder.push(...parseTraces(readInput(io, file)));
      } catch (e) {
        const err = e as { code?: string; message: string; hint?: string };
        if (err.code !== 'AS_TRACE_INVALID') throw e;
        throw new UsageError(`${file} is not a trace file: ${err.message.replace('AS_TRACE_INVALID: ', '').replace(err.hint ? ` (hint: ${err.hint})` : '', '')}`, { code: 'AS_NOT_JSON', ...(err.hint ? { hint: err.hint } : {}) });
      }
    }
    if (isDir(path)) fromFolder.sort((a, b) => Number(b.runtime === 'reference') - Number(a.runtime === 'reference'));
    traces.push(...fromFolder);
  }
  return traces;
}

/** `agentspec trace view <files…> [-o out.html]`: one self-contained HTML page of the traces, side by side. */
export function traceViewCommand(io: Io, paths: readonly string[], options: TraceViewOptions): number {
  const traces = readTraces(io, paths);
  const first = paths[0]!;
  const out = options.out ?? (isDir(first) ? join(first, 'traces.html') : `${first.replace(/\.json$/i, '')}.html`);
  io.writeFile(out, traceHtml(traces));
  io.stdout(`wrote ${out} (${traces.length} trace${traces.length === 1 ? '' : 's'}, ${traces.reduce((n, t) => n + t.spans.length, 0)} spans)\n`);
  return EXIT.OK;
}

/** `agentspec trace export <files…> --otlp URL [--otlp-content]`: send recorded traces to an OTLP/HTTP collector. */
export async function traceExportCommand(io: Io, paths: readonly string[], options: TraceExportOptions): Promise<number> {
  await checkTraceTargets(options);
  const traces = readTraces(io, paths);
  const { exportTraces } = await import('@agentspec/otel');
  try {
    const n = await exportTraces(traces, { url: options.otlp, captureContent: options.otlpContent === true });
    io.stdout(`${n} spans exported to ${redactUrl(options.otlp)}${options.otlpContent ? ' (with content)' : ''}\n`);
    return EXIT.OK;
  } catch (e) {
    const err = e as { code?: string; message: string; hint?: string };
    if (err.code !== 'AS_TRACE_EXPORT') throw e;
    io.stderr(errorLine(err.code, err.message.replace(`${err.code}: `, '').replace(err.hint ? ` (hint: ${err.hint})` : '', ''), err.hint));
    return EXIT.RUN_FAILED;
  }
}
