import { describe, expect, it } from 'vitest';
import { fastestInterleaved, fastestInterleavedAsync, linearityPairs } from '../src/measure.js';
import { linearityPairRows } from '../src/row.js';

/** A function that counts its calls (and does a little work, so that it takes time). */
function counted(): { fn: () => number; calls: () => number } {
  let calls = 0;
  return { fn: () => { calls++; let x = 0; for (let i = 0; i < 1_000; i++) x += Math.sqrt(i); return x; }, calls: () => calls };
}

describe('adaptive sampling: rounds of interleaved samples, stopped once every fastest sample has settled', () => {
  it('stops after min rounds when every minimum counts as settled (tolerance 100%), each round one sample of each function', () => {
    const [a, b] = [counted(), counted()];
    const best = fastestInterleaved({ a: a.fn, b: b.fn }, { min: 3, max: 50, tolerance: 1, warmups: 2, batch: 4 });
    // 2 warm-up calls, then 3 rounds of one sample of 4 calls
    expect(a.calls()).toBe(2 + 3 * 4);
    expect(b.calls()).toBe(2 + 3 * 4);
    expect(best.a).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(best.b)).toBe(true);
  });

  it('takes max rounds when nothing may improve at all (tolerance below 0), and exactly `runs` rounds when given a number', () => {
    const a = counted();
    fastestInterleaved({ a: a.fn }, { min: 2, max: 7, tolerance: -1, warmups: 0 });
    expect(a.calls()).toBe(7);
    const b = counted();
    fastestInterleaved({ b: b.fn }, 4, 3);
    expect(b.calls()).toBe(4 * 3 + 4 * 3); // warm-up: min(runs, 5) × batch, then 4 samples of 3 calls
  });

  it('interleaves async functions the same way', async () => {
    const order: string[] = [];
    const best = await fastestInterleavedAsync({
      floor: async () => void order.push('floor'),
      subject: async () => void order.push('subject'),
    }, { min: 2, max: 2, warmups: 1 });
    expect(order).toEqual(['floor', 'subject', 'floor', 'subject', 'floor', 'subject']);
    expect(Object.keys(best)).toEqual(['floor', 'subject']);
  });

  it('linearity pairs: a sample at the small size makes large ÷ small calls, so both sizes do the same work per sample; rows per pair', () => {
    const calls = new Map<number, number>();
    const { fn: work } = counted();
    const pairs = linearityPairs([10, 100, 1_000], (n) => () => { calls.set(n, (calls.get(n) ?? 0) + 1); work(); }, { min: 2, max: 2, warmups: 1 });
    expect(pairs.map((p) => [p.small.nodes, p.large.nodes])).toEqual([[10, 100], [100, 1_000]]);
    // 10: (1 warm-up + 2 samples) × 10 calls; 100: as the large side of the first pair (3 calls) and the small side of the second (30)
    expect(calls.get(10)).toBe(30);
    expect(calls.get(100)).toBe(3 + 30);
    expect(calls.get(1_000)).toBe(3);
    const rows = linearityPairRows('b', 'make', pairs);
    expect(rows.map((r) => [r.case, r.target])).toEqual([['make: per node, 100 ÷ 10 nodes', 2], ['make: per node, 1000 ÷ 100 nodes', 2]]);
    expect(rows.every((r) => r.subject.unit === 'µs/node' && Number.isFinite(r.ratio))).toBe(true);
  });
});
