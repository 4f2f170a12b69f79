/** Arithmetic mean; NaN for no value. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
export function std(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

/** The p-th percentile (0–100) by linear interpolation between closest ranks (numpy's default); NaN for no value. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** Two-sided 97.5% quantiles of Student's t for 1…30 degrees of freedom; beyond, the normal 1.96. */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/**
 * The 95% confidence interval of a mean: mean ± t(0.975, n−1) · s / √n
 * (Student's t over the values, e.g. per-item scores). A single value gives
 * [mean, mean]; none gives NaNs.
 */
export function meanCi95(values: readonly number[]): { mean: number; low: number; high: number } {
  const m = mean(values);
  if (values.length < 2) return { mean: m, low: m, high: m };
  const t = T975[values.length - 2] ?? 1.96;
  const half = (t * std(values)) / Math.sqrt(values.length);
  return { mean: m, low: m - half, high: m + half };
}

/** Binomial coefficient C(n, k) as a float (exact for the small n of repeats). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) r = (r * (n - Math.min(k, n - k) + i)) / i;
  return r;
}

/**
 * pass@k: the chance that at least one of k attempts drawn from n (c of
 * them correct) is correct — the unbiased estimator 1 − C(n−c, k) / C(n, k)
 * (Chen et al. 2021).
 */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass@${k} needs at least ${k} attempts, not ${n}`);
  return 1 - choose(n - c, k) / choose(n, k);
}

/**
 * pass^k: the chance that all k attempts drawn from n (c correct) are
 * correct — C(c, k) / C(n, k), the estimator of τ-bench (and the paper's
 * "probability to get all k attempts correct out of k").
 */
export function passHatK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass^${k} needs at least ${k} attempts, not ${n}`);
  return choose(c, k) / choose(n, k);
}
