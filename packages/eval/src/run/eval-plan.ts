import type { Dataset } from '../dataset/dataset.js';
import type { MetricConfig } from '../metrics/metric-registry.js';

/** A spec under test: its document's text (so that a plan travels to workers whole) and a name for the report. */
export interface PlanSpec {
  readonly id: string;
  readonly text: string;
  readonly path?: string;
}

/** An LLM config the matrix runs with (its document's text), replacing every LLM config of the spec; `spec`: the spec's own. */
export interface PlanLlm {
  readonly id: string;
  readonly text?: string;
}

/** US dollars per million tokens, by model id (what `cost` is estimated with). */
export type PriceTable = Readonly<Record<string, { readonly input: number; readonly output: number }>>;

/**
 * What an eval runs: the dataset on every spec × runtime × LLM config, each
 * item `repeats` times. Plain data (JSON): the queue sends it to workers.
 */
export interface EvalPlan {
  readonly name: string;
  readonly dataset: Dataset;
  readonly specs: readonly PlanSpec[];
  /** Runtime names of the registry (`reference`, `langgraph`, …). */
  readonly runtimes: readonly string[];
  /** Default: `[{ id: 'spec' }]` (the spec's own LLM configs). */
  readonly llms: readonly PlanLlm[];
  readonly repeats: number;
  readonly metrics: readonly MetricConfig[];
  /** Offline: every LLM request goes to a scripted server answering from the item's (then the dataset's) rules. */
  readonly offline?: boolean;
  /** Send every LLM request to this OpenAI-compatible endpoint instead (not with `offline`). */
  readonly llmUrl?: string;
  /** The output of a finished run that metrics compare (default: the only output, else all outputs, else the last reply). */
  readonly answerOutput?: string;
  /** The metric whose `pass` is an item's pass (default: every metric passes). */
  readonly passMetric?: string;
  /** Items run at once (default 4). */
  readonly concurrency?: number;
  /** Time limit of one attempt of one item, in milliseconds (default 60 000). */
  readonly timeoutMs?: number;
  /** Attempts after the first when a run fails with a transient error code (default 1). */
  readonly retries?: number;
  /** The error codes retried (default: LLM, HTTP and MCP failures, timeouts). */
  readonly retryOn?: readonly string[];
  /** A module exporting the ServerTool implementations (`tools`), resolved by the host. */
  readonly toolsModule?: string;
  readonly prices?: PriceTable;
  /** How ClientTool confirmations are answered (default approve). */
  readonly confirm?: 'approve' | 'reject';
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_RETRIES = 1;
/** Failures of the world rather than of the agent: worth another attempt. */
export const DEFAULT_RETRY_ON: readonly string[] = ['AS_LLM_HTTP', 'AS_LLM_TIMEOUT', 'AS_HTTP_TIMEOUT', 'AS_HTTP_STATUS', 'AS_MCP', 'AS_EVAL_TIMEOUT'];

/** One cell of the matrix. */
export interface Cell {
  readonly spec: string;
  readonly runtime: string;
  readonly llm: string;
}

/** One run to make: an item of a cell, one repeat. */
export interface EvalTask extends Cell {
  readonly key: string;
  readonly itemId: string;
  readonly repeat: number;
}

export const cellKey = (c: Cell): string => `${c.spec} · ${c.runtime} · ${c.llm}`;
export const taskKey = (c: Cell, itemId: string, repeat: number): string => `${cellKey(c)} · ${itemId} · ${repeat}`;

/** The cells of a plan, specs outermost, then runtimes, then LLM configs. */
export function planCells(plan: EvalPlan): Cell[] {
  return plan.specs.flatMap((s) => plan.runtimes.flatMap((runtime) => plan.llms.map((l) => ({ spec: s.id, runtime, llm: l.id }))));
}

/** Every task of a plan, items by repeat within each cell. */
export function planTasks(plan: EvalPlan): EvalTask[] {
  return planCells(plan).flatMap((cell) => plan.dataset.items.flatMap((item) =>
    Array.from({ length: plan.repeats }, (_, repeat) => ({ ...cell, itemId: item.id, repeat, key: taskKey(cell, item.id, repeat) }))));
}
