// One line of the benchmark table (DESIGN §10): a subject measured against a
// floor in the same process run, their ratio, and the ratio to stay under.
import { knownMiss, KNOWN_MISSES, type KnownMiss } from './known-misses.js';

/** A measured figure: what was measured, its value and unit. */
export interface Measured {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
}

export interface Row {
  /** The benchmark module (`load`, `langgraph`, …). */
  readonly benchmark: string;
  /** What was measured, e.g. `25.4.1 chain flow, 100 nodes`. */
  readonly case: string;
  readonly subject: Measured;
  readonly floor: Measured;
  /** subject ÷ floor. */
  readonly ratio: number;
  /** The most `ratio` may be (DESIGN §10 / the performance issue); null when the ratio is reported, not a target. */
  readonly target: number | null;
  /** Where the target comes from, or why there is none. */
  readonly note?: string;
}

/** What every benchmark function takes: `quick` for CI (smaller sizes, fewer samples). */
export interface BenchOptions {
  readonly quick: boolean;
}

export type Benchmark = (options: BenchOptions) => Promise<Row[]>;

/** Targets, by what they bound. */
export const TARGETS = {
  /** load ÷ JSON.parse and serialize ÷ JSON.stringify: the performance issue aims at 3× (DESIGN §10 allows 5×). */
  loadSave: 3,
  /** YAML load ÷ the plain YAML parse of the same text. */
  yamlLoad: 2,
  /** Compiled (or emitted) ÷ the same thing written by hand in the framework, per node. */
  compiled: 1.25,
  /** Linear in N: the time per node at 10× the nodes ÷ at N. Linear is 1×, quadratic 10×; 2× leaves room for GC and cache effects of bigger inputs. */
  linear: 2,
  /** A runtime's p99 latency at N concurrent sessions ÷ the reference interpreter's in the same run. */
  concurrencyP99: 2,
  /** A soak's heap growth per finished session ÷ the flat bound (FLAT_BYTES_PER_SESSION). */
  soak: 1,
} as const;

/** A row, its ratio computed. */
export function row(benchmark: string, kase: string, subject: Measured, floor: Measured, target: number | null, note?: string): Row {
  return { benchmark, case: kase, subject, floor, ratio: subject.value / floor.value, target, ...(note !== undefined ? { note } : {}) };
}

/** The linearity row of two sizes: per-node time at the larger ÷ at the smaller (target TARGETS.linear). */
export function linearityRow(benchmark: string, what: string, prev: { nodes: number; ms: number }, next: { nodes: number; ms: number }): Row {
  return row(benchmark, `${what}: per node, ${next.nodes} ÷ ${prev.nodes} nodes`,
    { name: `${next.nodes} nodes`, value: (next.ms * 1000) / next.nodes, unit: 'µs/node' },
    { name: `${prev.nodes} nodes`, value: (prev.ms * 1000) / prev.nodes, unit: 'µs/node' },
    TARGETS.linear, 'DESIGN §10: linear in N (per-node time flat as N grows)');
}

/** Per-node time at each size ÷ at the size before it, from 50 nodes up (at 10 nodes fixed costs dominate). */
export function linearityRows(benchmark: string, what: string, sizes: readonly { nodes: number; ms: number }[]): Row[] {
  const rows: Row[] = [];
  for (let i = 1; i < sizes.length; i++) {
    const [prev, next] = [sizes[i - 1]!, sizes[i]!];
    if (prev.nodes < 50) continue;
    rows.push(linearityRow(benchmark, what, prev, next));
  }
  return rows;
}

/** Linearity rows of sizes measured in pairs with the same work per sample (measure.ts, linearityPairs). */
export function linearityPairRows(benchmark: string, what: string, pairs: readonly { small: { nodes: number; ms: number }; large: { nodes: number; ms: number } }[]): Row[] {
  return pairs.map((p) => linearityRow(benchmark, what, p.small, p.large));
}

/**
 * How a row stands against its target: `met`; `missed` (over the target but
 * within `margin` times it); `failed` (over `margin` × the target); `known`
 * (over `margin` × the target, but a known miss at or under its ceiling:
 * known-misses.ts); or `reported` (no target).
 */
export type Verdict = 'met' | 'missed' | 'failed' | 'known' | 'reported';

export function verdict(r: Row, margin: number, known: readonly KnownMiss[] = KNOWN_MISSES): Verdict {
  if (r.target === null) return 'reported';
  if (!(r.ratio <= r.target * margin)) { // NaN fails too
    const k = knownMiss(r, known);
    return k !== undefined && r.ratio <= k.ceiling ? 'known' : 'failed';
  }
  return r.ratio <= r.target ? 'met' : 'missed';
}

/** The exit code of a checked run: 1 when any row failed (missed its target by more than `margin` times, and is no known miss under its ceiling), else 0. */
export function exitCodeOf(rows: readonly Row[], margin: number, known: readonly KnownMiss[] = KNOWN_MISSES): number {
  return rows.some((r) => verdict(r, margin, known) === 'failed') ? 1 : 0;
}

function number(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  return value.toFixed(abs >= 100 ? 0 : abs >= 10 ? 1 : 2);
}

export function formatMeasured(m: Measured): string {
  return `${m.name} ${number(m.value)} ${m.unit}`;
}

const VERDICT_TEXT: Record<Verdict, string> = { met: 'met', missed: 'missed', failed: 'MISSED (beyond margin)', known: 'MISSED (known)', reported: 'reported' };

/** The table, as Markdown: one line per row, its verdict against `margin`. */
export function formatTable(rows: readonly Row[], margin: number): string {
  const lines = [
    '| benchmark | case | subject | floor | ratio | target | result |',
    '| --- | --- | --- | --- | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const target = r.target === null ? '—' : `≤ ${r.target}×`;
    lines.push(`| ${r.benchmark} | ${r.case} | ${formatMeasured(r.subject)} | ${formatMeasured(r.floor)} | ${r.ratio.toFixed(2)}× | ${target} | ${VERDICT_TEXT[verdict(r, margin)]} |`);
  }
  return lines.join('\n');
}
