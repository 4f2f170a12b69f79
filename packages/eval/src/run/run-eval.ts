import { runBounded, type Runtime, type ToolRegistry } from '@agentspec/runtime';
import { EvalError } from '../errors.js';
import { metricFromConfig, type MetricContext } from '../metrics/metric-registry.js';
import type { Metric } from '../metrics/metric.js';
import { compareReports } from '../report/compare-reports.js';
import { buildReport, type EvalReport } from '../report/eval-report.js';
import { aggregate } from './aggregate.js';
import { DEFAULT_CONCURRENCY, planTasks, type EvalPlan, type EvalTask } from './eval-plan.js';
import { ItemRunner, type ItemRun } from './item-runner.js';
import { ResultsFile } from './results-file.js';
import { runtimeFactories } from './runtime-factories.js';
import { scoreRun, type TaskResult } from './score-run.js';
import { toolsFromModule } from './tools-module.js';

/**
 * Runs tasks and hands each run over as it ends: in this process
 * ({@link localExecutor}) or on queue workers (`queueExecutor`). Resolves
 * when every task was handed over or `signal` aborted.
 */
export type Executor = (tasks: readonly EvalTask[], onRun: (run: ItemRun) => Promise<void>, signal?: AbortSignal) => Promise<void>;

/** Runs tasks here, `concurrency` at a time (the kernel's bounded runner); after an abort no new task starts. */
export function localExecutor(runner: ItemRunner, concurrency: number): Executor {
  return async (tasks, onRun, signal) => {
    await runBounded(tasks.length, concurrency, async (i) => {
      if (signal?.aborted) return;
      const run = await runner.run(tasks[i]!, signal);
      if (!signal?.aborted) await onRun(run);
    });
  };
}

export interface RunEvalOptions {
  /** The results file (JSON Lines): resumed when it exists, written as runs end. Default: results in memory only. */
  readonly resultsFile?: string;
  /** Start the results file over instead of resuming it. */
  readonly fresh?: boolean;
  /** Runtime factories by name (default: the adapter registry's). */
  readonly runtimes?: Readonly<Record<string, () => Runtime>>;
  /** ServerTool implementations. */
  readonly tools?: ToolRegistry;
  /** Imports metric modules (the CLI passes its TypeScript-aware loader). */
  readonly loadModule?: MetricContext['loadModule'];
  /** Where tasks run (default: here, `plan.concurrency` at a time). */
  readonly executor?: Executor;
  /** Called before running: how many runs the plan has, how many the results file already holds. */
  readonly onStart?: (p: { total: number; done: number; todo: number }) => void;
  /** Called after each run is scored and recorded. */
  readonly onResult?: (p: { result: TaskResult; done: number; total: number }) => void;
  /** Stops starting runs (SIGINT): what finished is kept; the report covers it. */
  readonly signal?: AbortSignal;
  /** A baseline report to compare with (`--compare`), and the tolerance of a regression. */
  readonly baseline?: EvalReport;
  readonly tolerance?: number;
}

export interface EvalOutcome {
  readonly report: EvalReport;
  /** Runs made by this invocation. */
  readonly ran: number;
  /** Runs found in the results file and not made again. */
  readonly resumed: number;
  /** Runs of the plan still missing (an abort). */
  readonly missing: number;
}

/** The metrics of a plan, names unique; the pass metric must be one of them. */
export async function planMetrics(plan: EvalPlan, loadModule?: MetricContext['loadModule']): Promise<Metric[]> {
  if (plan.metrics.length === 0) throw new EvalError('AS_EVAL_CONFIG', 'no metric: name at least one (e.g. exact, f1, sql_execution, trajectory)');
  const metrics = await Promise.all(plan.metrics.map((c) => metricFromConfig(c, { dir: plan.dataset.dir ?? process.cwd(), ...(loadModule ? { loadModule } : {}) })));
  const names = metrics.map((m) => m.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) throw new EvalError('AS_EVAL_CONFIG', `two metrics are named ${twice[0]}: give one a name`);
  if (plan.passMetric !== undefined && !names.includes(plan.passMetric)) throw new EvalError('AS_EVAL_CONFIG', `the pass metric ${plan.passMetric} is not one of the metrics (${names.join(', ')})`);
  return metrics;
}

/**
 * Runs an eval: every task of the plan not already in the results file, each
 * scored as it ends and appended to the file (so that an interrupted eval
 * resumes where it stopped, counting each run once), then the matrix
 * aggregated into a report (compared with the baseline when given).
 */
export async function runEval(plan: EvalPlan, options: RunEvalOptions = {}): Promise<EvalOutcome> {
  const started = performance.now();
  checkPlan(plan);
  const metrics = await planMetrics(plan, options.loadModule);
  try {
    const file = options.resultsFile ? ResultsFile.open(options.resultsFile, plan, { fresh: options.fresh ?? false }) : ResultsFile.memory();
    const all = planTasks(plan);
    const todo = all.filter((t) => !file.has(t.key));
    const resumed = all.length - todo.length;
    options.onStart?.({ total: all.length, done: resumed, todo: todo.length });
    let ran = 0;
    if (todo.length > 0) {
      const executor = options.executor ?? localExecutor(new ItemRunner(plan, options.runtimes ?? await runtimeFactories(plan.runtimes), options.tools ?? (plan.toolsModule ? await toolsFromModule(plan.toolsModule, options.loadModule) : {})), plan.concurrency ?? DEFAULT_CONCURRENCY);
      await executor(todo, async (run) => {
        const result = await scoreRun(run, metrics, plan.dataset, plan.passMetric);
        if (file.add(result)) {
          ran++;
          options.onResult?.({ result, done: resumed + ran, total: all.length });
        }
      }, options.signal);
    }
    const names = metrics.map((m) => m.name);
    const inPlan = new Set(all.map((t) => t.key));
    const results = [...file.results.values()].filter((r) => inPlan.has(r.key));
    let report = buildReport(plan, aggregate(plan, results, names), results, names, performance.now() - started);
    if (options.baseline) report = { ...report, comparison: compareReports(report, options.baseline, options.tolerance ?? 0) };
    return { report, ran, resumed, missing: all.length - results.length };
  } finally {
    await Promise.allSettled(metrics.map((m) => m.close?.()));
  }
}

function checkPlan(plan: EvalPlan): void {
  const fail = (m: string): never => {
    throw new EvalError('AS_EVAL_CONFIG', m);
  };
  if (plan.specs.length === 0) fail('no spec to evaluate');
  if (plan.runtimes.length === 0) fail('no runtime');
  if (plan.llms.length === 0) fail('no LLM config (use [{ id: "spec" }] for the spec\'s own)');
  if (!Number.isInteger(plan.repeats) || plan.repeats < 1) fail(`repeats must be a whole number ≥ 1, not ${plan.repeats}`);
  if (plan.offline && plan.llmUrl) fail('offline and llmUrl exclude each other');
  for (const [what, list] of [['spec', plan.specs.map((s) => s.id)], ['LLM config', plan.llms.map((l) => l.id)], ['runtime', plan.runtimes]] as const) {
    const twice = list.find((x, i) => list.indexOf(x) !== i);
    if (twice !== undefined) fail(`the ${what} '${twice}' is named twice`);
  }
}
