/** The result of a conformance run: every case on every runtime. */
import type { CaseDifference, UnexpectedError } from './outcome.js';

/**
 * `pass`; `fail` (a difference); `error` (an unexpected exception, a malformed
 * case); `known-gap` (failed, and listed as a known gap); `stale-gap` (passed,
 * but still listed as a known gap: counts as a failure).
 */
export type ResultStatus = 'pass' | 'fail' | 'error' | 'known-gap' | 'stale-gap';

export interface CaseResult {
  readonly runtime: string;
  readonly caseId: string;
  readonly status: ResultStatus;
  readonly durationMs: number;
  readonly difference?: CaseDifference;
  readonly error?: UnexpectedError;
  /** The reason given in the known-gaps file (known-gap, stale-gap). */
  readonly reason?: string;
}

export interface ReportCase {
  readonly id: string;
  /** `malformed`: the case folder could not be read (every runtime gets `error`). */
  readonly kind: 'run' | 'invalid' | 'malformed';
  readonly description: string;
}

export interface Report {
  readonly runtimes: readonly string[];
  readonly cases: readonly ReportCase[];
  /** Runtime-major: every case of the first runtime, then of the next. */
  readonly results: readonly CaseResult[];
  /** Problems outside any case: known-gaps files that are malformed or list unknown cases. */
  readonly errors: readonly string[];
  readonly durationMs: number;
}

export interface RuntimeSummary {
  readonly runtime: string;
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly errors: number;
  readonly knownGaps: number;
  readonly staleGaps: number;
}

export function summarize(report: Report): RuntimeSummary[] {
  return report.runtimes.map((runtime) => {
    const mine = report.results.filter((r) => r.runtime === runtime);
    const count = (status: ResultStatus): number => mine.filter((r) => r.status === status).length;
    return {
      runtime, total: mine.length, passed: count('pass'), failed: count('fail'), errors: count('error'),
      knownGaps: count('known-gap'), staleGaps: count('stale-gap'),
    };
  });
}

/** One line per runtime: `reference: 10 passed, 1 failed, 2 known gaps` (failed counts errors and stale gaps; they are detailed after it). */
export function summaryLine(s: RuntimeSummary): string {
  const failed = s.failed + s.errors + s.staleGaps;
  const detail = [s.errors && `${s.errors} error${s.errors === 1 ? '' : 's'}`, s.staleGaps && `${s.staleGaps} stale gap${s.staleGaps === 1 ? '' : 's'}`].filter(Boolean);
  return `${s.runtime}: ${s.passed} passed, ${failed} failed${detail.length ? ` (${detail.join(', ')})` : ''}, ${s.knownGaps} known gap${s.knownGaps === 1 ? '' : 's'}`;
}

/** True when nothing failed: no fail, error or stale gap, and no report-level error. */
export function reportOk(report: Report): boolean {
  return report.errors.length === 0 && report.results.every((r) => r.status === 'pass' || r.status === 'known-gap');
}

/** The exit status a CI job should use: 0 when `reportOk`, else 1. */
export function exitCodeOf(report: Report): 0 | 1 {
  return reportOk(report) ? 0 : 1;
}
