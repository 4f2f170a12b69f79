import { describe, expect, it } from 'vitest';
import { inFreshProcesses } from '../src/fresh-process.js';

// Children as the benchmarks start them (`pnpm build` first: the child imports dist/fresh-process.js).
const GATE = new URL('../dist/fresh-process.js', import.meta.url).href;

/** A child that sets up for `setupMs`, waits to be told, then "measures" for 100 ms; it prints when each happened. */
const CHILD = `
const { whenTold } = await import(process.env.GATE);
const t0 = Date.now();
while (Date.now() - t0 < Number(process.env.SETUP_MS)) {}
const ready = Date.now();
await whenTold();
const start = Date.now();
while (Date.now() - start < 100) {}
if (process.env.FAIL) process.exit(3);
console.log(JSON.stringify({ name: process.env.NAME, ready, start, end: Date.now(), gated: process.env.BENCH_GATED ?? null }));
`;

const child = (name: string, setupMs: number, fail = false) => ({
  args: ['--input-type=module', '-e', CHILD],
  env: { GATE, NAME: name, SETUP_MS: String(setupMs), ...(fail ? { FAIL: '1' } : {}) },
  what: name,
});

interface Times { name: string; ready: number; start: number; end: number; gated: string | null }

describe('fresh processes: set up together, measured one at a time', () => {
  it('a batch sets up at once, then each child measures alone, in the order given; the results in that order', { timeout: 60_000 }, async () => {
    const lines = await inFreshProcesses([child('a', 300), child('b', 50), child('c', 50)], 2);
    const [a, b, c] = lines.map((l) => JSON.parse(l) as Times) as [Times, Times, Times];
    expect([a.name, b.name, c.name]).toEqual(['a', 'b', 'c']);
    // a and b (one batch): both set up before either measured, then a's measure before b's
    expect(a.start).toBeGreaterThanOrEqual(Math.max(a.ready, b.ready));
    expect(b.start).toBeGreaterThanOrEqual(a.end);
    // c (the next batch) started after the first batch was done
    expect(c.start).toBeGreaterThanOrEqual(b.end);
    // the child's own children are not told to wait
    expect([a.gated, b.gated, c.gated]).toEqual([null, null, null]);
  });

  it('a child that fails rejects with its name and exit code', { timeout: 60_000 }, async () => {
    await expect(inFreshProcesses([child('ok', 10), child('broken', 10, true)], 2)).rejects.toThrow(/broken exited 3/);
  });
});
