import { EvalError } from '../errors.js';
import { REPORT_FORMAT, type EvalReport } from './eval-report.js';

/** A figure of a cell that moved between the baseline and this run. */
export interface Change {
  readonly cell: string;
  /** `metric:<name>` (mean score), `passRate`, `pass^<k>`, or `errors` (runs that failed). */
  readonly figure: string;
  readonly baseline: number;
  readonly current: number;
}

/** This run against a baseline report. */
export interface Comparison {
  readonly baseline: { readonly name: string; readonly created: string };
  readonly tolerance: number;
  /** Figures worse by more than the tolerance: the run fails on them. */
  readonly regressions: readonly Change[];
  readonly improvements: readonly Change[];
  /** Items of a cell that passed more often in the baseline (what explains a regression). */
  readonly itemsWorse: readonly { readonly cell: string; readonly itemId: string; readonly baseline: number; readonly current: number }[];
  /** Cells of the baseline this run does not have. */
  readonly missingCells: readonly string[];
}

/** Checks a parsed baseline is a report.json of agentspec eval. */
export function checkBaseline(value: unknown, source: string): EvalReport {
  const v = value as Partial<EvalReport> | null;
  if (typeof v !== 'object' || v === null || v.format !== REPORT_FORMAT || !Array.isArray(v.cells)) {
    throw new EvalError('AS_EVAL_BASELINE', `${source} is not a report.json of agentspec eval (format ${REPORT_FORMAT})`);
  }
  return v as EvalReport;
}

/**
 * Compares a report with a baseline, cell by cell (same spec, runtime and
 * LLM config ids): a mean metric score, the pass rate or a pass^k lower by
 * more than `tolerance` (absolute, default 0), or more failed runs, is a
 * regression; higher by more than it, an improvement.
 */
export function compareReports(current: EvalReport, baseline: EvalReport, tolerance = 0): Comparison {
  const regressions: Change[] = [];
  const improvements: Change[] = [];
  const itemsWorse: { cell: string; itemId: string; baseline: number; current: number }[] = [];
  const now = new Map(current.cells.map((c) => [c.key, c]));
  const missingCells: string[] = [];
  const judge = (cell: string, figure: string, before: number | undefined, after: number | undefined, higherIsBetter = true) => {
    if (typeof before !== 'number' || typeof after !== 'number' || !Number.isFinite(before) || !Number.isFinite(after)) return;
    const delta = higherIsBetter ? after - before : before - after;
    const limit = higherIsBetter ? tolerance : 0;
    if (delta < -limit - 1e-12) regressions.push({ cell, figure, baseline: before, current: after });
    else if (delta > limit + 1e-12) improvements.push({ cell, figure, baseline: before, current: after });
  };
  for (const old of baseline.cells) {
    const cell = now.get(old.key);
    if (!cell || cell.runs === 0) {
      missingCells.push(old.key);
      continue;
    }
    for (const [name, m] of Object.entries(old.metrics)) judge(old.key, `metric:${name}`, m.mean, cell.metrics[name]?.mean);
    judge(old.key, 'passRate', old.passRate, cell.passRate);
    for (const [k, v] of Object.entries(old.passHatK)) judge(old.key, `pass^${k}`, v, cell.passHatK[k]);
    const errors = (c: typeof old) => Object.values(c.errors).reduce((a, b) => a + b, 0) / Math.max(1, c.runs);
    judge(old.key, 'errors', errors(old), errors(cell), false);
    const rate = (report: EvalReport, itemId: string) => {
      const rs = report.results.filter((r) => `${r.spec} · ${r.runtime} · ${r.llm}` === old.key && r.itemId === itemId);
      return rs.length === 0 ? undefined : rs.filter((r) => r.pass).length / rs.length;
    };
    for (const item of current.items) {
      const before = rate(baseline, item.id);
      const after = rate(current, item.id);
      if (before !== undefined && after !== undefined && after < before - tolerance - 1e-12) itemsWorse.push({ cell: old.key, itemId: item.id, baseline: before, current: after });
    }
  }
  return { baseline: { name: baseline.name, created: baseline.created }, tolerance, regressions, improvements, itemsWorse, missingCells };
}
