import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ReportFormat } from '@agentspec/conformance';
import { UsageError } from '../errors.js';

/** One report of a conformance run: its format, and the file to write (stdout without one). */
export interface ReportTarget {
  readonly format: ReportFormat;
  readonly path?: string;
}

/** `FORMAT` or `FORMAT:FILE` (the first `:` splits). */
function parseTarget(spec: string, formats: readonly ReportFormat[]): ReportTarget {
  const isFormat = (value: string): value is ReportFormat => (formats as readonly string[]).includes(value);
  const colon = spec.indexOf(':');
  const format = colon < 0 ? spec : spec.slice(0, colon);
  const path = colon < 0 ? undefined : spec.slice(colon + 1);
  if (!isFormat(format)) throw new UsageError(`--report must be one of ${formats.join(', ')} (optionally :FILE), not '${spec}'`);
  if (path === '') throw new UsageError(`--report ${spec} names no file: write ${format}:FILE, or ${format} for stdout`);
  return path === undefined ? { format } : { format, path };
}

/**
 * The reports `--report` (repeatable) and the older `--out FILE` ask for:
 * text on stdout when none is named; `--out` is the file of the one
 * `--report FORMAT` without a file. At most one report goes to stdout, and
 * no two to the same file.
 */
export function reportTargets(report: string | readonly string[] | undefined, out: string | undefined, formats: readonly ReportFormat[]): ReportTarget[] {
  const specs = report === undefined ? [] : typeof report === 'string' ? [report] : [...report];
  let targets = (specs.length === 0 ? ['text'] : specs).map((spec) => parseTarget(spec, formats));
  if (out !== undefined) {
    if (targets.length !== 1 || targets[0]!.path !== undefined) {
      throw new UsageError('--out goes with one --report FORMAT; for several reports write --report FORMAT:FILE for each');
    }
    targets = [{ format: targets[0]!.format, path: out }];
  }
  if (targets.filter((t) => t.path === undefined).length > 1) {
    throw new UsageError(`only one report can go to stdout (${targets.filter((t) => !t.path).map((t) => t.format).join(', ')}): give the others a file, e.g. --report md:conformance.md`);
  }
  const files = targets.flatMap((t) => (t.path === undefined ? [] : [resolve(t.path)]));
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice !== undefined) throw new UsageError(`two reports would be written to ${twice}`);
  return targets;
}

/** Writes a report file, making its folder; an unwritable path is a usage error. */
export function writeReport(write: (path: string, text: string) => void, path: string, text: string): void {
  try {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    write(path, text);
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { code: 'AS_CANNOT_WRITE' });
  }
}
