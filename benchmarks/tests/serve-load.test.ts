import { describe, expect, it } from 'vitest';
import { serveLoad } from '../src/serve-load.js';

describe('serve load benchmark (a few sessions; the 200-session run is `node dist/serve-load.js`)', () => {
  it('serves concurrent AG-UI sessions on the reference runtime without an error, and measures them', async () => {
    const r = await serveLoad('reference', 10);
    expect(r.firstError).toBeUndefined();
    expect(r.errors).toBe(0);
    expect(r.p99Ms).toBeGreaterThanOrEqual(r.p50Ms);
    expect(r.rssPeakMb).toBeGreaterThan(0);
  });
});
