/**
 * The span trees a case expects (`trace.yaml` beside case.yaml): per run, the
 * normalized tree of the session's spans (kinds, names, nesting, component
 * ids; no times or ids) as `spanTreeText` writes it, recorded once from the
 * reference runtime (`node scripts/record-traces.mjs`) and asserted on every
 * runtime after the run's steps passed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { missingSpecAttributes, SPAN_EVENTS, spanTreeText, type Trace } from '@agentspec/runtime';
import type { Difference } from './compare.js';

/** The file beside case.yaml that holds the expected span trees. */
export const TRACE_FILE = 'trace.yaml';

const HEADER = [
  '# The span tree of each run of case.yaml, in order (kind, name, component id;',
  '# children indented), recorded from the reference runtime by',
  '# `node scripts/record-traces.mjs`. Every runtime must emit the same tree.',
];

/** The expected trees of a case's runs; undefined when the case has no trace.yaml. Problems are given to `problem`. */
export function readCaseTraces(dir: string, runs: number, problem: (message: string) => void): readonly string[] | undefined {
  const file = join(dir, TRACE_FILE);
  if (!existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    problem(`${TRACE_FILE}: ${(e as Error).message.replace(/\s+/g, ' ')}`);
    return undefined;
  }
  const list = (data as { runs?: unknown } | null)?.runs;
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string')) {
    problem(`${TRACE_FILE}: 'runs' must be a list of span trees (text), one per run`);
    return undefined;
  }
  if (list.length !== runs) problem(`${TRACE_FILE}: ${list.length} span tree(s) for ${runs} run(s)`);
  return (list as string[]).map((t) => t.replace(/\n+$/, ''));
}

/** The text of a trace.yaml for these trees (one per run). */
export function caseTracesYaml(trees: readonly string[]): string {
  const runs = trees.map((t) => (t === '' ? '  - ""' : `  - |-\n${t.split('\n').map((l) => `    ${l}`).join('\n')}`));
  return `${HEADER.join('\n')}\nruns:\n${runs.join('\n')}\n`;
}

/** The first line where a run's span tree differs from the expected one; path `trace.yaml#/runs/<r>/<line>`. */
export function checkTrace(expected: string, trace: Trace, run: number): Difference | undefined {
  const actual = spanTreeText(trace);
  if (actual === expected) return undefined;
  const want = expected === '' ? [] : expected.split('\n');
  const got = actual === '' ? [] : actual.split('\n');
  let i = 0;
  while (i < want.length && i < got.length && want[i] === got[i]) i++;
  return {
    path: `${TRACE_FILE}#/runs/${run}/${i + 1}`,
    expected: want[i] ?? '(no more spans)',
    actual: got[i] ?? '(no more spans)',
  };
}

/**
 * The first event of a run's trace that lacks an attribute Agent Spec Tracing
 * gives it without a default (`tracing.rst`): a span's start and end events,
 * its point events; path `trace.yaml#/runs/<r>/attributes`.
 */
export function checkSpecAttributes(trace: Trace, run: number): Difference | undefined {
  for (const span of trace.spans) {
    const [start, end] = SPAN_EVENTS[span.kind];
    const checks: [string, Readonly<Record<string, unknown>> | null][] = [[start, span.attributes], [end, span.endAttributes], ...span.events.map((e): [string, Readonly<Record<string, unknown>>] => [e.type, e.attributes])];
    for (const [type, attributes] of checks) {
      if (attributes === null) continue;
      const missing = missingSpecAttributes(type as Parameters<typeof missingSpecAttributes>[0], attributes);
      if (missing.length > 0) {
        return { path: `${TRACE_FILE}#/runs/${run}/attributes`, expected: `${type} of ${span.kind} '${span.name}' with ${missing.join(', ')}`, actual: `attributes ${Object.keys(attributes).join(', ') || '(none)'}` };
      }
    }
  }
  return undefined;
}
