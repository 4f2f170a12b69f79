import { describe, expect, it } from 'vitest';
import { FLAT_BYTES_PER_SESSION, SOAKS, soakInChild } from '../src/soak.js';

// The soak benchmark at a CI size: per soak 2,000 sessions in a fresh node process (`pnpm build` first), the data heap
// measured from the 1,000th to the 2,000th. The benchmark (`node --expose-gc dist/soak.js`) runs 10,000.
const CI = { sessions: 2_000, warmup: 1_000 };

describe('soak: an app keeps nothing per finished session', () => {
  for (const { runtime, kind } of SOAKS) {
    it(`${runtime}, ${kind}: flat over ${CI.sessions - CI.warmup} finished sessions after ${CI.warmup}`, { timeout: 180_000 }, () => {
      const result = soakInChild({ runtime, kind, ...CI });
      expect(result.marks.map((m) => m.sessions)).toEqual([1_000, 1_500, 2_000]);
      expect(result.bytesPerSession).toBeLessThan(FLAT_BYTES_PER_SESSION);
    });
  }

  it('the measure sees a leak: Mastra keeping every finished workflow run grows by more than the bound per session', { timeout: 180_000 }, () => {
    // a flow's run leaves its snapshot in the app's store, kept for every finished session (4.4 kB a session here);
    // LangGraph's in-memory thread of a flow is no longer a leak this size: it keeps one checkpoint, saved when the run exits
    const result = soakInChild({ runtime: 'mastra', kind: 'flow', sessions: 1_000, warmup: 300, retainFinished: 'all' });
    expect(result.bytesPerSession).toBeGreaterThan(FLAT_BYTES_PER_SESSION);
  });
});
