import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startVitest } from 'vitest/node';
import { describeConformance } from '../src/vitest.js';
import { miniRuntime } from './helpers/mini-runtime.js';
import { copySelftest, SELFTEST_DIR } from './helpers/paths.js';

// The helper used as a runtime package would: these tests run the self-test cases on the mini runtime.
await describeConformance(() => miniRuntime(), { casesDir: SELFTEST_DIR });

interface TaskLike { name: string; type: string; mode: string; tasks?: TaskLike[]; result?: { state?: string; errors?: { message: string }[]; note?: string } }

describe('describeConformance', () => {
  it('registers one test per case: known gaps skipped, stale gaps and unknown listed cases failing', async () => {
    process.env.CONFORMANCE_FIXTURE_CASES = copySelftest({
      'known-gaps/mini.yaml': '- case: agents/client-tool-confirmation\n  reason: Fixed since.\n- case: agents/gone\n  reason: Removed.\n',
      'known-gaps/loud.yaml': '- case: agents/server-tool\n  reason: It shouts.\n',
    });
    const root = fileURLToPath(new URL('..', import.meta.url));
    const exitCode = process.exitCode; // the nested run sets it on failures, which are expected here
    const vitest = await startVitest('test', [], {
      root, config: false, watch: false, reporters: [{ onInit: () => undefined }], silent: true, include: ['tests/fixtures/describe-conformance.fixture.ts'],
    }, { resolve: { conditions: ['@agentspec/source'] }, ssr: { resolve: { conditions: ['@agentspec/source'] } } });
    try {
      const file = vitest.state.getFiles()[0] as unknown as TaskLike;
      const suites = file.tasks ?? [];
      expect(suites.map((s) => s.name)).toEqual(['conformance: mini', 'conformance: loud']);
      const states = suites.map((s) => Object.fromEntries((s.tasks ?? []).map((t) => [t.name, t.result?.state ?? t.mode])));
      expect(states[0]).toEqual({
        "known-gaps/mini.yaml: lists 'agents/gone', which is not a case": 'fail',
        '_invalid_/dangling-tool-ref': 'pass',
        'agents/client-tool-confirmation': 'fail',
        'agents/server-tool': 'pass',
      });
      expect(states[1]).toEqual({ '_invalid_/dangling-tool-ref': 'pass', 'agents/client-tool-confirmation': 'pass', 'agents/server-tool': 'skip' });
      const stale = suites[0]?.tasks?.find((t) => t.name === 'agents/client-tool-confirmation');
      expect(stale?.result?.errors?.[0]?.message).toMatch(/^stale-gap: passes but is listed as a known gap/);
    } finally {
      await vitest.close();
      process.exitCode = exitCode;
      delete process.env.CONFORMANCE_FIXTURE_CASES;
    }
  });
});
