/** The JSON report: per runtime, its summary and every case with its status, time and, when it failed, why. */
import { reportOk, summarize, type Report, type RuntimeSummary } from '../report.js';
import type { CaseDifference, UnexpectedError } from '../outcome.js';

export interface JsonCaseEntry {
  readonly id: string;
  readonly status: string;
  readonly durationMs: number;
  readonly difference?: CaseDifference;
  readonly error?: UnexpectedError;
  readonly reason?: string;
}

export interface JsonReport {
  readonly ok: boolean;
  readonly durationMs: number;
  readonly runtimes: readonly { readonly name: string; readonly summary: Omit<RuntimeSummary, 'runtime'>; readonly cases: readonly JsonCaseEntry[] }[];
  readonly errors: readonly string[];
}

export function toJsonReport(report: Report): JsonReport {
  const summaries = summarize(report);
  return {
    ok: reportOk(report),
    durationMs: report.durationMs,
    runtimes: report.runtimes.map((name, i) => {
      const { runtime: _r, ...summary } = summaries[i]!;
      const cases = report.results.filter((r) => r.runtime === name).map(({ runtime: _rt, caseId, ...rest }) => ({ id: caseId, ...rest }));
      return { name, summary, cases };
    }),
    errors: report.errors,
  };
}

/** `toJsonReport` as indented JSON; absent values (`expected`/`actual` of a missing key) are left out. */
export function formatJson(report: Report): string {
  return `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
}
