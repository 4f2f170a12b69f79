import type { Dataset } from '../dataset/dataset.js';
import type { Metric, RunRecord } from '../metrics/metric.js';
import type { ItemRun } from './item-runner.js';

/** A metric's verdict on one run as the results file keeps it; `error` when the metric itself failed. */
export interface MetricScore {
  readonly score: number;
  readonly pass: boolean;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly error?: string;
}

/** One run of one item, scored: a line of the results file. */
export interface TaskResult extends ItemRun {
  readonly metrics: Readonly<Record<string, MetricScore>>;
  /** The item passed on this run: the pass metric passed (default: every metric). */
  readonly pass: boolean;
}

/**
 * Scores a run with every metric (a failed run scores 0 on each without
 * calling them; a metric that throws scores 0 with its error) and decides
 * its pass.
 */
export async function scoreRun(run: ItemRun, metrics: readonly Metric[], dataset: Dataset, passMetric?: string): Promise<TaskResult> {
  const item = dataset.items.find((i) => i.id === run.itemId)!;
  const record: RunRecord = { status: run.status, answer: run.answer, messages: run.messages, trajectory: run.trajectory, ...(run.outputs ? { outputs: run.outputs } : {}), ...(run.error ? { error: run.error } : {}) };
  const scores: Record<string, MetricScore> = {};
  for (const metric of metrics) {
    if (run.error) {
      scores[metric.name] = { score: 0, pass: false, error: `the run failed (${run.error.code})` };
      continue;
    }
    try {
      const r = await metric.score({ item, run: record, dataset: { ...(dataset.dir ? { dir: dataset.dir } : {}), ...(dataset.database ? { database: dataset.database } : {}) } });
      scores[metric.name] = { score: Number.isFinite(r.score) ? r.score : 0, pass: r.pass, ...(r.details ? { details: r.details } : {}) };
    } catch (e) {
      scores[metric.name] = { score: 0, pass: false, error: (e as Error).message ?? String(e) };
    }
  }
  const deciding = passMetric ? [scores[passMetric]] : Object.values(scores);
  return { ...run, metrics: scores, pass: !run.error && deciding.length > 0 && deciding.every((s) => s?.pass === true) };
}
