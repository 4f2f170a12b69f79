const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;

/**
 * Before each sample: a minor GC (when node runs with --expose-gc), so that no
 * sample pays for the young garbage of the one before. Not a full one: a
 * forced full GC before each sample made `deserialize` of a 10-node document
 * 4× slower (0.55 ms, not 0.13 ms; the same at 100 nodes) while `JSON.parse`
 * did not move, inflating load ÷ parse from ~4× to ~15× — a measure of code
 * just after a memory-reducing collection, not of the code.
 */
export function clean(): void {
  gc?.({ type: 'minor' });
}

/**
 * The clock of every sample, in milliseconds: wall time, or with
 * BENCH_CLOCK=cpu the CPU time of this process (user + system, all its
 * threads), which a busy neighbour does not inflate. With a minor GC before
 * each sample the two gave the same load ÷ parse ratios within ±15% at load
 * average 9 on 2 cores. CPU time does not count waiting (I/O, timers).
 */
export const CLOCK: 'cpu' | 'wall' = process.env.BENCH_CLOCK === 'cpu' ? 'cpu' : 'wall';

export function now(clock: 'cpu' | 'wall' = CLOCK): number {
  if (clock === 'wall') return Number(process.hrtime.bigint()) / 1e6;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Fastest time (CLOCK) in milliseconds of one call of `fn` over `runs` samples
 * of `batch` calls each, after a warm-up, with a minor GC before each
 * sample (see clean), so that no run pays for another's garbage. The minimum is the
 * least noisy estimate on a shared machine; floor and subject are measured the
 * same way, so their ratio is what counts.
 */
export function fastest(fn: () => unknown, runs: number, batch = 1): number {
  for (let i = 0; i < Math.min(runs, 5) * batch; i++) fn();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    clean();
    const t0 = now();
    for (let j = 0; j < batch; j++) fn();
    best = Math.min(best, (now() - t0) / batch);
  }
  return best;
}

/**
 * Fastest time (CLOCK) in milliseconds of one awaited call of `fn` over `runs`
 * samples, after `warmups` calls, with a minor GC before each sample (see clean).
 */
export async function fastestAsync(fn: () => Promise<unknown>, runs: number, warmups = 3): Promise<number> {
  for (let i = 0; i < warmups; i++) await fn();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    clean();
    const t0 = now();
    await fn();
    best = Math.min(best, now() - t0);
  }
  return best;
}

/** Calls per timed sample: small documents are timed in batches so the clock and a fresh heap do not dominate. */
export function batchFor(n: number): number {
  return Math.max(1, Math.ceil(2_000 / n));
}

export function runsFor(n: number): number {
  return n <= 100 ? 30 : n <= 1_000 ? 30 : n <= 10_000 ? 10 : 3;
}

/**
 * How many interleaved samples a measure takes (`fastestInterleaved`,
 * `fastestInterleavedAsync`): rounds of one sample of each function in turn,
 * at least `min`, at most `max`, and no more once the fastest sample of every
 * function has settled — improved by no more than `tolerance` (relative) over
 * the last `patience` rounds (since the first round, before that many) — or
 * once `budgetMs` of sampling is spent. A minimum that has stopped falling is
 * what more samples would report too, so the ratio of two settled minimums is
 * as good as the ratio after `max` rounds, at a fraction of the time when
 * nothing disturbs the run (a busy spell keeps the minimums falling, and the
 * measure goes on).
 */
export interface Sampling {
  readonly min: number;
  readonly max: number;
  /** Relative improvement of a fastest sample under which it counts as settled (default 0.02). */
  readonly tolerance?: number;
  /** Rounds over which every fastest sample must have settled (default 4). */
  readonly patience?: number;
  /** Stop once this much time (CLOCK, ms) has gone into samples, after `min` rounds (default: no budget). */
  readonly budgetMs?: number;
  /** Calls of each function before the first round (default min(max, 5) × batch). */
  readonly warmups?: number;
  /** Calls per sample, timed together (small inputs; default 1). */
  readonly batch?: number;
  /** The clock of the samples (default CLOCK). */
  readonly clock?: 'cpu' | 'wall';
}

/** Tracks the fastest sample of each function over rounds, and whether they have settled (see Sampling). */
class Settling<K extends string> {
  readonly best: Record<K, number>;
  private readonly history: Record<K, number>[] = [];
  private readonly started: number;

  constructor(private readonly names: readonly K[], private readonly sampling: Sampling) {
    this.started = now(sampling.clock);
    this.best = Object.fromEntries(names.map((n) => [n, Infinity])) as Record<K, number>;
  }

  /** A sample starts (after a minor GC, see clean); `stop` records it, per call of the `calls` it timed. */
  start(): (name: K, calls: number) => void {
    clean();
    const t0 = now(this.sampling.clock);
    return (name, calls) => {
      this.best[name] = Math.min(this.best[name], (now(this.sampling.clock) - t0) / calls);
    };
  }

  /** After a round: whether to stop. */
  done(): boolean {
    this.history.push({ ...this.best });
    const { min, max, tolerance = 0.02, patience = 4, budgetMs } = this.sampling;
    const rounds = this.history.length;
    if (rounds >= max) return true;
    if (rounds < Math.max(min, 2)) return false;
    if (budgetMs !== undefined && now(this.sampling.clock) - this.started >= budgetMs) return true;
    // the bests `patience` rounds ago (the first round's when there are fewer)
    const before = this.history[Math.max(0, rounds - 1 - patience)]!;
    return this.names.every((n) => this.best[n] >= before[n] * (1 - tolerance));
  }
}

const samplingOf = (runs: number | Sampling, batch: number): Sampling => (typeof runs === 'number' ? { min: runs, max: runs, batch } : runs);

/**
 * Fastest time (CLOCK) in milliseconds of one call of each function, their
 * samples interleaved (one sample of each in turn, a minor GC before each),
 * after a warm-up of each: a busy spell on a shared machine then hits floor
 * and subject alike. `runs`: that many rounds, or adaptive (Sampling).
 */
export function fastestInterleaved<K extends string>(fns: Readonly<Record<K, () => unknown>>, runs: number | Sampling, batch = 1): Record<K, number> {
  const sampling = samplingOf(runs, batch);
  const size = sampling.batch ?? 1;
  const names = Object.keys(fns) as K[];
  const warmups = sampling.warmups ?? Math.min(sampling.max, 5) * size;
  for (const name of names) for (let i = 0; i < warmups; i++) fns[name]();
  const settling = new Settling(names, sampling);
  do {
    for (const name of names) {
      const stop = settling.start();
      for (let j = 0; j < size; j++) fns[name]();
      stop(name, size);
    }
  } while (!settling.done());
  return settling.best;
}

/** fastestInterleaved of async functions: each sample one awaited call (default warm-up: 3 calls of each). */
export async function fastestInterleavedAsync<K extends string>(fns: Readonly<Record<K, () => Promise<unknown>>>, sampling: Sampling): Promise<Record<K, number>> {
  const names = Object.keys(fns) as K[];
  for (const name of names) for (let i = 0; i < (sampling.warmups ?? 3); i++) await fns[name]();
  const settling = new Settling(names, sampling);
  do {
    for (const name of names) {
      const stop = settling.start();
      await fns[name]();
      stop(name, 1);
    }
  } while (!settling.done());
  return settling.best;
}

/** Milliseconds per call at two sizes (nodes) of an input, for a linearity row (row.ts, linearityPairRows). */
export interface SizePair {
  readonly small: { readonly nodes: number; readonly ms: number };
  readonly large: { readonly nodes: number; readonly ms: number };
}

/**
 * Linearity in N, measured so that only N differs: for each pair of
 * neighbouring sizes (`sizes` ascending), `make(n)` timed at both, their
 * samples interleaved (fastestInterleaved, `sampling`), a sample at the small
 * size being large ÷ small calls, so that both samples do the same work and
 * allocate about as much. A sample of one call at each size would not: at 10×
 * the nodes a sample allocates 10× as much, and pays for the major GCs that
 * the small size's fastest sample avoids — compileLangGraph 10k ÷ 1k read
 * 1.75–2.20× per node that way, 1.64–1.85× with equal work (the rest: a
 * working set that no longer fits the caches, in every phase alike).
 */
export function linearityPairs(sizes: readonly number[], make: (nodes: number) => () => unknown, sampling: Omit<Sampling, 'batch'>): SizePair[] {
  const pairs: SizePair[] = [];
  for (let i = 1; i < sizes.length; i++) {
    const [small, large] = [sizes[i - 1]!, sizes[i]!];
    const [smallFn, largeFn] = [make(small), make(large)];
    const calls = Math.max(1, Math.round(large / small));
    const best = fastestInterleaved({ small: () => { for (let j = 0; j < calls; j++) smallFn(); }, large: largeFn }, sampling);
    pairs.push({ small: { nodes: small, ms: best.small / calls }, large: { nodes: large, ms: best.large } });
  }
  return pairs;
}
