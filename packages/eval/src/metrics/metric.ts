import type { Message, StatusType } from '@agentspec/runtime';
import type { EvalItem } from '../dataset/dataset.js';

/** One tool call the agent made, in the order it was made (from the run's trace). */
export interface ToolStep {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The result the tool gave (absent when it failed or was a ClientTool still waiting). */
  readonly result?: unknown;
  readonly error?: string;
}

/** What a run of one item produced, as metrics read it. */
export interface RunRecord {
  /** How the run ended: a status type, or `error` (then `error` says why). */
  readonly status: StatusType | 'error';
  /** The answer metrics compare with `expected` (see the `answer` option of a run: an output, else the outputs, else the last reply). */
  readonly answer: unknown;
  readonly outputs?: Readonly<Record<string, unknown>>;
  readonly messages: readonly Message[];
  readonly trajectory: readonly ToolStep[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** Everything a metric is given for one run of one item. */
export interface MetricInput {
  readonly item: EvalItem;
  readonly run: RunRecord;
  /** The dataset's folder and SQLite database, for metrics that read files. */
  readonly dataset: { readonly dir?: string; readonly database?: string };
}

/**
 * A metric's verdict on one run: `score` in [0, 1] (averaged per cell),
 * `pass` (what pass@k and pass^k count), and `details` shown in the report's
 * drill-down (what was compared, why it failed).
 */
export interface MetricResult {
  readonly score: number;
  readonly pass: boolean;
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * The metric contract: a name (unique in a run: the report's column) and a
 * pure function of one run — same input, same result; no state between calls
 * (it may be called concurrently, and on another machine's results). It may
 * be async (an LLM judge). Throwing is a failure of the metric itself (its
 * score is then 0 and the report shows the error), not a failed answer:
 * return `{ score: 0, pass: false }` for a wrong answer. A run that ended in
 * an error is not given to metrics: every metric scores it 0 and fails it.
 */
export interface Metric {
  readonly name: string;
  score(input: MetricInput): MetricResult | Promise<MetricResult>;
  /** Release what it holds (a judge's scripted server); called once when the run ends. */
  close?(): Promise<void>;
}

/** A metric from a function returning a result, a score (pass: score ≥ threshold) or a boolean. */
export function defineMetric(name: string, score: (input: MetricInput) => MetricResult | number | boolean | Promise<MetricResult | number | boolean>, options: { threshold?: number } = {}): Metric {
  const threshold = options.threshold ?? 1;
  return {
    name,
    async score(input) {
      return toResult(await score(input), threshold);
    },
  };
}

/** What a user function returned, as a MetricResult. */
export function toResult(value: MetricResult | number | boolean, threshold = 1): MetricResult {
  if (typeof value === 'boolean') return { score: value ? 1 : 0, pass: value };
  if (typeof value === 'number') return { score: value, pass: value >= threshold };
  if (typeof value === 'object' && value !== null && typeof value.score === 'number') {
    return { score: value.score, pass: typeof value.pass === 'boolean' ? value.pass : value.score >= threshold, ...(value.details ? { details: value.details } : {}) };
  }
  throw new TypeError(`a metric must return a number, a boolean or { score, pass?, details? }, not ${JSON.stringify(value)}`);
}

/** A value as text for text metrics: strings as they are, others as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}
