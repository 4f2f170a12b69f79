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

export function now(): number {
  if (CLOCK === 'wall') return Number(process.hrtime.bigint()) / 1e6;
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
 * Fastest time (CLOCK) in milliseconds of one call of each function, their
 * samples interleaved (one sample of each in turn, `runs` rounds, a minor GC
 * before each), after a warm-up of each: a
 * busy spell on a shared machine then hits floor and subject alike.
 */
export function fastestInterleaved<K extends string>(fns: Readonly<Record<K, () => unknown>>, runs: number, batch = 1): Record<K, number> {
  const names = Object.keys(fns) as K[];
  for (const name of names) for (let i = 0; i < Math.min(runs, 5) * batch; i++) fns[name]();
  const best = Object.fromEntries(names.map((n) => [n, Infinity])) as Record<K, number>;
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      const fn = fns[name];
      clean();
      const t0 = now();
      for (let j = 0; j < batch; j++) fn();
      best[name] = Math.min(best[name], (now() - t0) / batch);
    }
  }
  return best;
}
