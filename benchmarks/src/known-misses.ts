// Targets this code base is known not to reach (benchmarks/RESULTS.md, the
// performance issue's closing notes), each with a ceiling: a row of one that
// misses by more than the run's margin does not fail a checked run
// (`--quick`, `--check`) while its ratio stays at or under the ceiling, and
// fails it above, so that a regression on top of a known miss still shows.
// The table names such a row `MISSED (known)`, and RESULTS.md lists it with
// the other targets not met. A ceiling is about twice the worst ratio measured
// on the 2-core development machine at load average 2–7.
import type { Row } from './row.js';

export interface KnownMiss {
  readonly benchmark: string;
  /** The rows' cases. */
  readonly case: RegExp;
  /** The most the ratio may be before the row fails a checked run anyway. */
  readonly ceiling: number;
  /** Why the target is out of reach. */
  readonly why: string;
}

const FIRST_LOAD = 'a first call runs the reader cold against a native JSON.parse: V8 compiles it lazily (10 nodes: 3.7 ms; 1.5 ms, still 12×, with --no-lazy), and at 1,000 nodes it is still interpreted or in Sparkplug when it ends (--no-opt: the same time); the compile cache, Maglev, earlier tier-up and a V8 startup snapshot (10 nodes: 1.8–2.5 ms, 14–19×) do not reach 3× either (README)';
const FRAMEWORK = 'the same agent written by hand in the framework is itself over 3× the reference (the "by hand" rows check the compiled overhead)';

export const KNOWN_MISSES: readonly KnownMiss[] = [
  { benchmark: 'load', case: /^[\d.]+ chain flow, 10 nodes: first load \(fresh process\)$/, ceiling: 80, why: FIRST_LOAD },
  { benchmark: 'load', case: /^[\d.]+ chain flow, 100 nodes: first load \(fresh process\)$/, ceiling: 35, why: FIRST_LOAD },
  { benchmark: 'load', case: /^[\d.]+ chain flow, 1000 nodes: first load \(fresh process\)$/, ceiling: 20, why: FIRST_LOAD },
  { benchmark: 'concurrency', case: /^\d+ concurrent agent sessions, langgraph: p99 latency$/, ceiling: 10, why: FRAMEWORK },
  { benchmark: 'concurrency', case: /^\d+ concurrent agent sessions, mastra: p99 latency$/, ceiling: 15, why: FRAMEWORK },
];

/** The known miss a row is one of, if any. */
export function knownMiss(r: Row, known: readonly KnownMiss[] = KNOWN_MISSES): KnownMiss | undefined {
  return known.find((k) => k.benchmark === r.benchmark && k.case.test(r.case));
}
