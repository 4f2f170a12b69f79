const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Fastest wall time in milliseconds of one call of `fn` over `runs` samples
 * of `batch` calls each, after a warm-up, with a full garbage collection
 * before each sample when node runs with
 * --expose-gc, so that no run pays for another's garbage. The minimum is the
 * least noisy estimate on a shared machine; floor and subject are measured the
 * same way, so their ratio is what counts.
 */
export function fastest(fn: () => unknown, runs: number, batch = 1): number {
  for (let i = 0; i < Math.min(runs, 5) * batch; i++) fn();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    gc?.();
    const t0 = process.hrtime.bigint();
    for (let j = 0; j < batch; j++) fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6 / batch);
  }
  return best;
}

/**
 * Fastest wall time in milliseconds of one awaited call of `fn` over `runs`
 * samples, after `warmups` calls, with a full GC before each sample (when
 * node runs with --expose-gc).
 */
export async function fastestAsync(fn: () => Promise<unknown>, runs: number, warmups = 3): Promise<number> {
  for (let i = 0; i < warmups; i++) await fn();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    gc?.();
    const t0 = process.hrtime.bigint();
    await fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
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
