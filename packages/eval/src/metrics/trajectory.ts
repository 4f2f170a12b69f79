import { isDeepStrictEqual } from 'node:util';
import type { ExpectedToolCall } from '../dataset/dataset.js';
import type { Metric, ToolStep } from './metric.js';

/** How tool calls are matched: `ordered` (the expected calls in this order), `unordered` (in any order). */
export type TrajectoryOrder = 'ordered' | 'unordered';
/** How arguments are compared: `subset` (the expected ones, equal; others ignored), `exact`, `ignore`. */
export type ArgsComparison = 'subset' | 'exact' | 'ignore';

export interface TrajectoryOptions {
  readonly order?: TrajectoryOrder;
  /** Calls beyond the expected ones are allowed (default false: they lower the score and fail). */
  readonly allowExtra?: boolean;
  readonly args?: ArgsComparison;
  readonly name?: string;
}

/** Whether an actual call is the expected one (a call expected without args matches any args). */
export function callMatches(expected: ExpectedToolCall, actual: ToolStep, args: ArgsComparison): boolean {
  if (expected.tool !== actual.tool) return false;
  if (args === 'ignore' || expected.args === undefined) return true;
  if (args === 'exact') return isDeepStrictEqual(normalizeArgs(expected.args), normalizeArgs(actual.args));
  return Object.entries(expected.args).every(([k, v]) => isDeepStrictEqual(normalizeArgs(v), normalizeArgs(actual.args[k])));
}

/** Arguments as JSON values (what was sent over the wire), so that `undefined` keys vanish. */
function normalizeArgs(v: unknown): unknown {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

/** Length of the longest common subsequence of expected and actual calls (ordered matching). */
function lcs(expected: readonly ExpectedToolCall[], actual: readonly ToolStep[], args: ArgsComparison): number {
  const row = new Array<number>(actual.length + 1).fill(0);
  for (const e of expected) {
    let diagonal = 0;
    for (let j = 1; j <= actual.length; j++) {
      const up = row[j]!;
      row[j] = callMatches(e, actual[j - 1]!, args) ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = up;
    }
  }
  return row[actual.length]!;
}

/** Expected calls matched by distinct actual calls, any order (greedy on a bipartite match: exact for tool names, good for args). */
function unorderedMatches(expected: readonly ExpectedToolCall[], actual: readonly ToolStep[], args: ArgsComparison): number {
  const used = new Set<number>();
  // the most specific expectations (with args) take their call first
  const order = [...expected].sort((a, b) => Number(b.args !== undefined) - Number(a.args !== undefined));
  let matched = 0;
  for (const e of order) {
    const j = actual.findIndex((a, i) => !used.has(i) && callMatches(e, a, args));
    if (j >= 0) {
      used.add(j);
      matched++;
    }
  }
  return matched;
}

/**
 * `trajectory`: the tool calls the agent made against the item's expected
 * `trajectory`. Score = matched / max(expected, actual) (extra calls count
 * against it), or matched / expected with `allowExtra`; pass: score 1.
 * `ordered` matches the longest common subsequence; `unordered` any order.
 */
export function trajectoryMetric(options: TrajectoryOptions = {}): Metric {
  const order = options.order ?? 'ordered';
  const args = options.args ?? 'subset';
  return {
    name: options.name ?? (order === 'ordered' ? 'trajectory' : 'trajectory_unordered'),
    score({ item, run }) {
      const expected = item.trajectory;
      if (expected === undefined) throw new Error(`item ${item.id} has no expected trajectory`);
      const actual = run.trajectory;
      const matched = order === 'ordered' ? lcs(expected, actual, args) : unorderedMatches(expected, actual, args);
      const denominator = options.allowExtra ? expected.length : Math.max(expected.length, actual.length);
      const score = denominator === 0 ? 1 : matched / denominator;
      return {
        score,
        pass: score === 1,
        details: { matched, expected: expected.map((e) => e.tool), actual: actual.map((a) => a.tool), order, args },
      };
    },
  };
}
