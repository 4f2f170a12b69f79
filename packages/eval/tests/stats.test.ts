import { describe, expect, it } from 'vitest';
import { choose, mean, meanCi95, passAtK, passHatK, percentile, std } from '../src/index.js';

describe('statistics', () => {
  it('mean, sample std and interpolated percentiles, worked by hand', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(std([1, 2, 3, 4])).toBeCloseTo(Math.sqrt(5 / 3), 12); // squares 2.25+0.25+0.25+2.25 = 5, over n−1 = 3
    expect(std([7])).toBe(0);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 95)).toBeCloseTo(3.85, 12); // rank 0.95·3 = 2.85 → 3 + 0.85·(4 − 3)
    expect(percentile([5], 95)).toBe(5);
  });
  it('95% CI of a mean with Student t', () => {
    const ci = meanCi95([1, 2, 3, 4]); // t(0.975, 3) = 3.182; half = 3.182 · 1.29099 / 2 = 2.05397
    expect(ci.mean).toBe(2.5);
    expect(ci.low).toBeCloseTo(0.44603, 4);
    expect(ci.high).toBeCloseTo(4.55397, 4);
    expect(meanCi95([0.5])).toEqual({ mean: 0.5, low: 0.5, high: 0.5 });
  });
  it('binomial coefficients', () => {
    expect([choose(4, 0), choose(4, 1), choose(4, 2), choose(4, 4), choose(2, 3), choose(10, 3)]).toEqual([1, 4, 6, 1, 0, 120]);
  });
  it('pass^k = C(c,k)/C(n,k) and pass@k = 1 − C(n−c,k)/C(n,k)', () => {
    // n = 4 trials, c = 2 correct
    expect(passHatK(4, 2, 1)).toBe(0.5);
    expect(passHatK(4, 2, 2)).toBeCloseTo(1 / 6, 12); // C(2,2)/C(4,2) = 1/6
    expect(passHatK(4, 2, 3)).toBe(0);
    expect(passAtK(4, 2, 1)).toBe(0.5);
    expect(passAtK(4, 2, 2)).toBeCloseTo(5 / 6, 12); // 1 − C(2,2)/C(4,2)
    expect(passAtK(4, 2, 3)).toBe(1); // C(2,3) = 0
    // n = 4, c = 3: pass^2 = C(3,2)/C(4,2) = 3/6; pass^4 = 0; all correct: 1 for every k
    expect(passHatK(4, 3, 2)).toBe(0.5);
    expect(passHatK(4, 3, 4)).toBe(0);
    expect(passHatK(4, 4, 4)).toBe(1);
    expect(passAtK(4, 0, 4)).toBe(0);
    expect(() => passHatK(2, 1, 3)).toThrow(RangeError);
  });
});
