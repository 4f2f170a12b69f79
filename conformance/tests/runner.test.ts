import { describe, expect, it } from 'vitest';
import { exitCodeOf, reportOk, summarize, summaryLine } from '../src/report.js';
import { runConformance, type Progress } from '../src/runner.js';
import { miniRuntime } from './helpers/mini-runtime.js';
import { copySelftest, SELFTEST_DIR } from './helpers/paths.js';

const statuses = (report: Awaited<ReturnType<typeof runConformance>>) =>
  Object.fromEntries(report.results.map((r) => [`${r.runtime} ${r.caseId}`, r.status]));

describe('runConformance', () => {
  it('runs every case on every runtime, in order, reporting progress', async () => {
    const progress: Progress[] = [];
    const report = await runConformance({
      runtimes: [miniRuntime(), miniRuntime({ name: 'loud', shout: true })],
      casesDir: SELFTEST_DIR,
      onProgress: (p) => progress.push(p),
    });
    expect(report.runtimes).toEqual(['mini', 'loud']);
    expect(report.cases.map((c) => [c.id, c.kind])).toEqual([
      ['_invalid_/dangling-tool-ref', 'invalid'], ['agents/client-tool-confirmation', 'run'], ['agents/server-tool', 'run'],
    ]);
    expect(statuses(report)).toEqual({
      'mini _invalid_/dangling-tool-ref': 'pass', 'mini agents/client-tool-confirmation': 'pass', 'mini agents/server-tool': 'pass',
      'loud _invalid_/dangling-tool-ref': 'pass', 'loud agents/client-tool-confirmation': 'pass', 'loud agents/server-tool': 'fail',
    });
    expect(progress.map((p) => `${p.done}/${p.total} ${p.result.runtime} ${p.result.status}`)).toEqual([
      '1/6 mini pass', '2/6 mini pass', '3/6 mini pass', '4/6 loud pass', '5/6 loud pass', '6/6 loud fail',
    ]);
    expect(reportOk(report)).toBe(false);
    expect(exitCodeOf(report)).toBe(1);
    expect(summarize(report).map(summaryLine)).toEqual(['mini: 3 passed, 0 failed, 0 known gaps', 'loud: 2 passed, 1 failed, 0 known gaps']);
  });

  it('filters cases by substring, RegExp or predicate', async () => {
    const ids = async (filter: string | RegExp | ((id: string) => boolean)) =>
      (await runConformance({ runtimes: [miniRuntime()], casesDir: SELFTEST_DIR, filter })).cases.map((c) => c.id);
    expect(await ids('server')).toEqual(['agents/server-tool']);
    expect(await ids(/^_invalid_\//)).toEqual(['_invalid_/dangling-tool-ref']);
    expect(await ids((id) => id.endsWith('confirmation'))).toEqual(['agents/client-tool-confirmation']);
  });

  it('applies known gaps per runtime: failing → known-gap, passing → stale-gap, unknown case → report error', async () => {
    const casesDir = copySelftest({
      'known-gaps/loud.yaml': '- case: agents/server-tool\n  reason: It shouts.\n',
      'known-gaps/mini.yaml': '- case: agents/server-tool\n  reason: Fixed since.\n- case: agents/gone\n  reason: Removed case.\n',
    });
    const report = await runConformance({ runtimes: [miniRuntime(), miniRuntime({ name: 'loud', shout: true })], casesDir });
    expect(statuses(report)).toMatchObject({ 'mini agents/server-tool': 'stale-gap', 'loud agents/server-tool': 'known-gap' });
    const gap = report.results.find((r) => r.runtime === 'loud' && r.caseId === 'agents/server-tool');
    expect(gap).toMatchObject({ reason: 'It shouts.', difference: { path: '/runs/0/steps/1/expect/messages/5/content' } });
    expect(report.errors).toEqual([expect.stringMatching(/known-gaps\/mini\.yaml: lists 'agents\/gone', which is not a case$/)]);
    expect(summarize(report).map(summaryLine)).toEqual([
      'mini: 2 passed, 1 failed (1 stale gap), 0 known gaps', 'loud: 2 passed, 0 failed, 1 known gap',
    ]);
    expect(reportOk(report)).toBe(false);
  });

  it('is ok when every failure is a known gap; a filter does not make other listed cases unknown', async () => {
    const casesDir = copySelftest({ 'known-gaps/loud.yaml': '- case: agents/server-tool\n  reason: It shouts.\n' });
    const report = await runConformance({ runtimes: [miniRuntime({ name: 'loud', shout: true })], casesDir });
    expect(reportOk(report)).toBe(true);
    expect(exitCodeOf(report)).toBe(0);
    const filtered = await runConformance({ runtimes: [miniRuntime({ name: 'loud', shout: true })], casesDir, filter: 'confirmation' });
    expect(filtered.errors).toEqual([]);
    expect(reportOk(filtered)).toBe(true);
  });

  it('reports malformed known-gaps files', async () => {
    const casesDir = copySelftest({ 'known-gaps/mini.yaml': '- case: agents/server-tool\n- { case: agents/server-tool, reason: twice }\n- reason: "  "\n  case: _invalid_/dangling-tool-ref\n' });
    const report = await runConformance({ runtimes: [miniRuntime()], casesDir, knownGapsDir: `${casesDir}/../known-gaps` });
    expect(report.errors.map((e) => e.replace(/^.*mini\.yaml: /, ''))).toEqual([
      '/0/reason: is required', '/1/case: \'agents/server-tool\' is listed twice', '/2/reason: must say why',
    ]);
  });

  it('reports a malformed case as an error on every runtime, even when listed as a known gap', async () => {
    const casesDir = copySelftest({
      'cases/agents/broken/case.yaml': 'description: d\nrunz: []\n',
      'cases/agents/broken/spec.yaml': 'component_type: Agent\n',
      'known-gaps/mini.yaml': '- case: agents/broken\n  reason: Hides nothing.\n',
    });
    const report = await runConformance({ runtimes: [miniRuntime(), miniRuntime({ name: 'other' })], casesDir });
    const broken = report.results.filter((r) => r.caseId === 'agents/broken');
    expect(broken.map((r) => [r.runtime, r.status, r.error?.code])).toEqual([['mini', 'error', 'AS_CASE_INVALID'], ['other', 'error', 'AS_CASE_INVALID']]);
    expect(broken[0]?.error?.message).toMatch(/broken.case\.yaml:\n {2}- \/runz: unknown key[^]*\/runs: is required/);
    expect(report.cases.find((c) => c.id === 'agents/broken')?.kind).toBe('malformed');
  });

  it('refuses two runtimes with the same name and a missing cases directory', async () => {
    await expect(runConformance({ runtimes: [miniRuntime(), miniRuntime()], casesDir: SELFTEST_DIR })).rejects.toThrow("two runtimes are named 'mini'");
    await expect(runConformance({ runtimes: [miniRuntime()], casesDir: '/nonexistent' })).rejects.toThrow('cases directory not found');
  });
});
