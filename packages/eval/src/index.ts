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
