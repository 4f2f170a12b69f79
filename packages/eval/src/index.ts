// @agentspec/eval — evaluate one Agent Spec document across runtimes and LLMs.

// Errors
export { EVAL_ERROR_CODES, EvalError, type EvalErrorCode } from './errors.js';

// Datasets
export { datasetHash, type Dataset, type EvalItem, type ExpectedToolCall } from './dataset/dataset.js';
export { makeDataset, readDataset } from './dataset/read-dataset.js';
export { DatasetBuilder, datasetFromItems, type ItemInput } from './dataset/build-dataset.js';
export { checkItem } from './dataset/check-item.js';
export { parseCsv } from './dataset/parse-csv.js';

// Metrics
export { asText, defineMetric, toResult, type Metric, type MetricInput, type MetricResult, type RunRecord, type ToolStep } from './metrics/metric.js';
export { normalizeText, tokens } from './metrics/normalize-text.js';
export { exactMatchMetric, parsed } from './metrics/exact-match.js';
export { f1Metric, tokenF1 } from './metrics/f1.js';
export { numberIn, numericMetric } from './metrics/numeric.js';
export { jsonFieldsMetric, valueAt } from './metrics/json-fields.js';
export { regexMetric } from './metrics/regex.js';
export { openSqlite, type SqliteDatabase, type SqliteStatement } from './metrics/sqlite.js';
export { queryRows, sameRows, sqlExecutionMetric, sqlOf, type RowComparison } from './metrics/sql-execution.js';
export { callMatches, trajectoryMetric, type ArgsComparison, type TrajectoryOptions, type TrajectoryOrder } from './metrics/trajectory.js';
export { judgePrompt, llmJudgeMetric, type LlmJudgeOptions } from './metrics/llm-judge.js';
export { llmConfigOf, METRIC_FACTORIES, METRIC_NAMES, metricFromConfig, type MetricConfig, type MetricContext } from './metrics/metric-registry.js';

// Statistics
export { choose, mean, meanCi95, passAtK, passHatK, percentile, std } from './run/stats.js';

// Running the matrix
export {
  cellKey, DEFAULT_CONCURRENCY, DEFAULT_RETRIES, DEFAULT_RETRY_ON, DEFAULT_TIMEOUT_MS, planCells, planTasks, taskKey,
  type Cell, type EvalPlan, type EvalTask, type PlanLlm, type PlanSpec, type PriceTable,
} from './run/eval-plan.js';
export { isEvalConfigFile, planFromConfig, readEvalConfig, type EvalConfig, type NamedPath } from './run/eval-config.js';
export { answerOf } from './run/answer.js';
export { shorten, traceFacts, trajectoryFromMessages, type RunStep, type TraceFacts } from './run/trace-facts.js';
export { ItemRunner, withLlm, type ItemRun } from './run/item-runner.js';
export { scoreRun, type MetricScore, type TaskResult } from './run/score-run.js';
export { readResults, RESULTS_FORMAT, ResultsFile, type ResultsHeader } from './run/results-file.js';
export { aggregate, summarize, type CellSummary, type MetricSummary } from './run/aggregate.js';
export { runtimeFactories } from './run/runtime-factories.js';
export { toolsFromModule } from './run/tools-module.js';
export { localExecutor, planMetrics, runEval, type EvalOutcome, type Executor, type RunEvalOptions } from './run/run-eval.js';

// Reports
export { buildReport, REPORT_FORMAT, REPORT_VERSION, type EvalReport } from './report/eval-report.js';
export { checkBaseline, compareReports, type Change, type Comparison } from './report/compare-reports.js';
export { formatJunit, xmlText } from './report/junit.js';
export { reportHtml } from './report/report-html.js';
export { esc, latencyChart, scoreChart } from './report/html-charts.js';

// Distributed runs (BullMQ on Redis)
export { DEFAULT_QUEUE, queueExecutor, redactRedisUrl, startWorker, type EvalJob, type EvalWorker, type QueueOptions, type WorkerOptions } from './queue/bullmq-queue.js';
