/** Median wall time in milliseconds of `fn` over `runs` runs, after one warm-up. */
export function median(fn: () => unknown, runs: number): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

export function runsFor(n: number): number {
  return n <= 100 ? 200 : n <= 1_000 ? 50 : n <= 10_000 ? 10 : 3;
}
