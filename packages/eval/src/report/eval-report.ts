import type { EvalItem } from '../dataset/dataset.js';
import type { CellSummary } from '../run/aggregate.js';
import type { EvalPlan } from '../run/eval-plan.js';
import type { TaskResult } from '../run/score-run.js';
import type { Comparison } from './compare-reports.js';

export const REPORT_FORMAT = 'agentspec-eval-report';
export const REPORT_VERSION = 1;

/**
 * `report.json`: the whole eval, self-describing (schema in the README).
 * `cells` are the matrix (one per spec × runtime × LLM config); `results`
 * every run (sorted by cell, item, repeat); `items` the dataset's items (what
 * the drill-down shows next to each run); `comparison` when a baseline was given.
 */
export interface EvalReport {
  readonly format: typeof REPORT_FORMAT;
  readonly version: typeof REPORT_VERSION;
  readonly name: string;
  /** When the report was written (ISO time). */
  readonly created: string;
  /** Wall time of this invocation (a resumed eval counts only its own part). */
  readonly durationMs: number;
  readonly dataset: { readonly name: string; readonly hash: string; readonly items: number };
  readonly matrix: { readonly specs: readonly string[]; readonly runtimes: readonly string[]; readonly llms: readonly string[]; readonly repeats: number };
  readonly metrics: readonly string[];
  readonly passMetric: string | null;
  readonly cells: readonly CellSummary[];
  readonly items: readonly EvalItem[];
  readonly results: readonly TaskResult[];
  readonly comparison?: Comparison;
}

/** The report of a plan from its results. */
export function buildReport(plan: EvalPlan, cells: readonly CellSummary[], results: Iterable<TaskResult>, metricNames: readonly string[], durationMs: number): EvalReport {
  const order = new Map(plan.dataset.items.map((item, i) => [item.id, i]));
  const cellOrder = new Map(cells.map((c, i) => [c.key, i]));
  const sorted = [...results].sort((a, b) =>
    (cellOrder.get(`${a.spec} · ${a.runtime} · ${a.llm}`) ?? 0) - (cellOrder.get(`${b.spec} · ${b.runtime} · ${b.llm}`) ?? 0)
    || (order.get(a.itemId) ?? 0) - (order.get(b.itemId) ?? 0) || a.repeat - b.repeat);
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    name: plan.name,
    created: new Date().toISOString(),
    durationMs: Math.round(durationMs),
    dataset: { name: plan.dataset.name, hash: plan.dataset.hash, items: plan.dataset.items.length },
    matrix: { specs: plan.specs.map((s) => s.id), runtimes: [...plan.runtimes], llms: plan.llms.map((l) => l.id), repeats: plan.repeats },
    metrics: [...metricNames],
    passMetric: plan.passMetric ?? null,
    cells,
    items: plan.dataset.items.map(({ scripted: _s, scriptedByRepeat: _r, ...item }) => item),
    results: sorted,
  };
}
