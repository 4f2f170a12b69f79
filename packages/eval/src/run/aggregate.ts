import { cellKey, planCells, type Cell, type EvalPlan, type PriceTable } from './eval-plan.js';
import type { TaskResult } from './score-run.js';
import { mean, meanCi95, passAtK, passHatK, percentile, std } from './stats.js';

/** A metric's figures in one cell. */
export interface MetricSummary {
  /** Mean score over every run of the cell. */
  readonly mean: number;
  /** 95% confidence interval of the mean over items (each item's mean over its repeats; Student t), clamped to [0, 1]. */
  readonly ci95: readonly [number, number];
  /** Share of runs this metric passed. */
  readonly passRate: number;
}

/** The figures of one cell of the matrix (spec × runtime × LLM config). */
export interface CellSummary extends Cell {
  readonly key: string;
  readonly items: number;
  readonly runs: number;
  /** Runs that ended in an error, by code. */
  readonly errors: Readonly<Record<string, number>>;
  readonly metrics: Readonly<Record<string, MetricSummary>>;
  /** Share of runs that passed. */
  readonly passRate: number;
  /** pass@k and pass^k for k = 1 … the fewest repeats any item of the cell has, averaged over items: `{ "1": …, "2": … }`. */
  readonly passAtK: Readonly<Record<string, number>>;
  readonly passHatK: Readonly<Record<string, number>>;
  /** Milliseconds per run: mean, sample standard deviation, median, 95th percentile, min, max. */
  readonly latencyMs: { readonly mean: number; readonly std: number; readonly p50: number; readonly p95: number; readonly min: number; readonly max: number };
  /** Summed over runs whose LLM calls reported usage (`runsWithUsage` of `runs`). */
  readonly tokens: { readonly input: number; readonly output: number; readonly runsWithUsage: number };
  /** Estimated US dollars (the price table's, by model), null without a price for the model. */
  readonly cost: number | null;
  readonly llmCalls: number;
  /** Attempts beyond the first, over the cell. */
  readonly retries: number;
}

const r6 = (x: number) => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : x);

/** The summary of each cell of a plan from its results (a cell without results has runs: 0). */
export function aggregate(plan: EvalPlan, results: Iterable<TaskResult>, metricNames: readonly string[]): CellSummary[] {
  const byCell = new Map<string, TaskResult[]>();
  for (const r of results) {
    const key = cellKey(r);
    byCell.set(key, [...(byCell.get(key) ?? []), r]);
  }
  return planCells(plan).map((cell) => summarize(cell, byCell.get(cellKey(cell)) ?? [], metricNames, plan.prices));
}

export function summarize(cell: Cell, runs: readonly TaskResult[], metricNames: readonly string[], prices?: PriceTable): CellSummary {
  const byItem = new Map<string, TaskResult[]>();
  for (const r of runs) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
  const items = [...byItem.values()];
  const metrics: Record<string, MetricSummary> = {};
  for (const name of metricNames) {
    const scores = runs.map((r) => r.metrics[name]?.score ?? 0);
    const ci = meanCi95(items.map((rs) => mean(rs.map((r) => r.metrics[name]?.score ?? 0))));
    metrics[name] = { mean: r6(mean(scores)), ci95: [r6(Math.max(0, ci.low)), r6(Math.min(1, ci.high))], passRate: r6(mean(runs.map((r) => (r.metrics[name]?.pass ? 1 : 0)))) };
  }
  const k = items.length === 0 ? 0 : Math.min(...items.map((rs) => rs.length));
  const passAt: Record<string, number> = {};
  const passHat: Record<string, number> = {};
  for (let j = 1; j <= k; j++) {
    passAt[j] = r6(mean(items.map((rs) => passAtK(rs.length, rs.filter((r) => r.pass).length, j))));
    passHat[j] = r6(mean(items.map((rs) => passHatK(rs.length, rs.filter((r) => r.pass).length, j))));
  }
  const latencies = runs.map((r) => r.latencyMs);
  const errors: Record<string, number> = {};
  for (const r of runs) if (r.error) errors[r.error.code] = (errors[r.error.code] ?? 0) + 1;
  const withUsage = runs.filter((r) => r.tokens);
  const tokens = { input: withUsage.reduce((a, r) => a + r.tokens!.input, 0), output: withUsage.reduce((a, r) => a + r.tokens!.output, 0), runsWithUsage: withUsage.length };
  return {
    ...cell,
    key: cellKey(cell),
    items: items.length,
    runs: runs.length,
    errors,
    metrics,
    passRate: r6(mean(runs.map((r) => (r.pass ? 1 : 0)))),
    passAtK: passAt,
    passHatK: passHat,
    latencyMs: {
      mean: r6(mean(latencies)), std: r6(std(latencies)), p50: r6(percentile(latencies, 50)), p95: r6(percentile(latencies, 95)),
      min: latencies.length ? Math.min(...latencies) : Number.NaN, max: latencies.length ? Math.max(...latencies) : Number.NaN,
    },
    tokens,
    cost: cost(withUsage, prices),
    llmCalls: runs.reduce((a, r) => a + r.llmCalls, 0),
    retries: runs.reduce((a, r) => a + r.attempts - 1, 0),
  };
}

/** Estimated cost of runs: tokens × the price of their model per million; null when a run's model has no price. */
function cost(runs: readonly TaskResult[], prices: PriceTable | undefined): number | null {
  if (!prices || runs.length === 0) return null;
  let total = 0;
  for (const r of runs) {
    const price = r.model !== undefined ? prices[r.model] : undefined;
    if (!price) return null;
    total += (r.tokens!.input * price.input + r.tokens!.output * price.output) / 1e6;
  }
  return Math.round(total * 1e8) / 1e8;
}
