import { describe, expect, it } from 'vitest';
import type { Report } from '../src/report.js';
import { formatReport, REPORT_FORMATS } from '../src/reporters/index.js';
import { formatJson, type JsonReport } from '../src/reporters/json.js';
import { formatJunit } from '../src/reporters/junit.js';
import { formatMarkdown } from '../src/reporters/markdown.js';
import { formatText } from '../src/reporters/text.js';
import { runConformance } from '../src/runner.js';
import { miniRuntime } from './helpers/mini-runtime.js';
import { copySelftest } from './helpers/paths.js';
import { parseXml } from './helpers/xml.js';

const report: Report = {
  runtimes: ['reference', 'langgraph'],
  cases: [
    { id: 'agents/a', kind: 'run', description: 'A' },
    { id: 'agents/b', kind: 'run', description: 'B' },
    { id: '_invalid_/c', kind: 'invalid', description: 'C' },
  ],
  results: [
    { runtime: 'reference', caseId: 'agents/a', status: 'pass', durationMs: 12 },
    { runtime: 'reference', caseId: 'agents/b', status: 'fail', durationMs: 30, difference: { run: 0, step: 1, path: '/runs/0/steps/1/expect/outputs/answer', expected: '180', actual: '18' } },
    { runtime: 'reference', caseId: '_invalid_/c', status: 'pass', durationMs: 1 },
    { runtime: 'langgraph', caseId: 'agents/a', status: 'known-gap', durationMs: 5, reason: 'No <interrupt> & co.', error: { code: 'AS_UNSUPPORTED', message: 'no' } },
    { runtime: 'langgraph', caseId: 'agents/b', status: 'error', durationMs: 7, error: { code: 'AS_TOOL_FAILED', message: 'exploded: "x"', run: 0, step: 0 } },
    { runtime: 'langgraph', caseId: '_invalid_/c', status: 'stale-gap', durationMs: 1, reason: 'Was broken.' },
  ],
  errors: ["known-gaps/langgraph.yaml: lists 'agents/zzz', which is not a case"],
  durationMs: 1234,
};

describe('text reporter', () => {
  it('prints the matrix, the legend, failures, known gaps, errors and a summary line per runtime', () => {
    expect(formatText(report)).toBe(`case         reference  langgraph
agents/a     ✓          ~
agents/b     ✗          !
_invalid_/c  ✓          *

✓ pass  ✗ fail  ! error  ~ known gap  * stale gap (passes but is still listed as a known gap)

Failures:
  ✗ reference agents/b: at /runs/0/steps/1/expect/outputs/answer: expected "180", got "18"
  ! langgraph agents/b: error AS_TOOL_FAILED (run 0, step 0): exploded: "x"
  * langgraph _invalid_/c: passes but is listed as a known gap: remove it from the known-gaps file [known gap: Was broken.]

Known gaps:
  ~ langgraph agents/a: No <interrupt> & co.

Errors:
  ! known-gaps/langgraph.yaml: lists 'agents/zzz', which is not a case

reference: 2 passed, 1 failed, 0 known gaps
langgraph: 0 passed, 2 failed (1 error, 1 stale gap), 1 known gap
`);
  });

  it('uses colours only when asked', () => {
    expect(formatText(report)).not.toContain('\x1b[');
    const coloured = formatText(report, { color: true });
    expect(coloured).toContain('\x1b[32m✓');
    expect(coloured).toContain('\x1b[31m✗');
    expect(coloured.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), '')).toBe(formatText(report));
  });
});

describe('markdown reporter', () => {
  it('prints a table, the legend, summaries and details', () => {
    const md = formatMarkdown(report);
    expect(md.split('\n').slice(0, 5)).toEqual([
      '| case | reference | langgraph |',
      '| --- | :---: | :---: |',
      '| `agents/a` | ✓ | ~ |',
      '| `agents/b` | ✗ | ! |',
      '| `_invalid_/c` | ✓ | * |',
    ]);
    expect(md).toContain('- langgraph: 0 passed, 2 failed (1 error, 1 stale gap), 1 known gap');
    expect(md).toContain('| langgraph | `agents/a` | known-gap | No <interrupt> & co. |');
    expect(md).toContain('| reference | `agents/b` | fail | at /runs/0/steps/1/expect/outputs/answer: expected "180", got "18" |');
    expect(md).toContain("- **error**: known-gaps/langgraph.yaml: lists 'agents/zzz', which is not a case");
  });
});

describe('json reporter', () => {
  it('gives per runtime its summary and per case status, duration and the first difference', () => {
    const json = JSON.parse(formatJson(report)) as JsonReport;
    expect(json.ok).toBe(false);
    expect(json.errors).toEqual(report.errors);
    expect(json.runtimes.map((r) => r.name)).toEqual(['reference', 'langgraph']);
    expect(json.runtimes[0]).toEqual({
      name: 'reference',
      summary: { total: 3, passed: 2, failed: 1, errors: 0, knownGaps: 0, staleGaps: 0 },
      cases: [
        { id: 'agents/a', status: 'pass', durationMs: 12 },
        { id: 'agents/b', status: 'fail', durationMs: 30, difference: { run: 0, step: 1, path: '/runs/0/steps/1/expect/outputs/answer', expected: '180', actual: '18' } },
        { id: '_invalid_/c', status: 'pass', durationMs: 1 },
      ],
    });
    expect(json.runtimes[1]?.cases[0]).toEqual({ id: 'agents/a', status: 'known-gap', durationMs: 5, reason: 'No <interrupt> & co.', error: { code: 'AS_UNSUPPORTED', message: 'no' } });
  });
});

describe('junit reporter', () => {
  it('writes one testsuite per runtime and one testcase per case; known gaps skipped, failures with the difference', () => {
    const xml = parseXml(formatJunit(report));
    expect(xml.name).toBe('testsuites');
    expect(xml.attrs).toMatchObject({ tests: '6', failures: '2', errors: '2' });
    const [reference, langgraph, gaps] = xml.children;
    expect(reference?.attrs).toMatchObject({ name: 'reference', tests: '3', failures: '1', errors: '0', skipped: '0', time: '0.043' });
    expect(langgraph?.attrs).toMatchObject({ name: 'langgraph', tests: '3', failures: '1', errors: '1', skipped: '1' });
    expect(reference?.children.map((c) => [c.attrs.name, c.attrs.classname, c.children.map((x) => x.name)])).toEqual([
      ['agents/a', 'conformance.reference', []], ['agents/b', 'conformance.reference', ['failure']], ['_invalid_/c', 'conformance.reference', []],
    ]);
    expect(reference?.children[1]?.children[0]?.attrs.message).toBe('at /runs/0/steps/1/expect/outputs/answer: expected "180", got "18"');
    const [skipped, errored, stale] = langgraph!.children.map((c) => c.children[0]!);
    expect(skipped).toMatchObject({ name: 'skipped', attrs: { message: 'known gap: No <interrupt> & co.' } });
    expect(errored).toMatchObject({ name: 'error', attrs: { type: 'AS_TOOL_FAILED', message: 'error AS_TOOL_FAILED (run 0, step 0): exploded: "x"' } });
    expect(stale).toMatchObject({ name: 'failure', attrs: { type: 'stale-gap' } });
    expect(gaps?.attrs).toMatchObject({ name: 'known-gaps', errors: '1' });
  });

  it('escapes what XML cannot hold', () => {
    const nasty: Report = { ...report, results: [{ runtime: 'r', caseId: 'a"<&>', status: 'fail', durationMs: 1, difference: { path: '/x', expected: '\u0001]]>', actual: "'" } }], runtimes: ['r'], errors: [] };
    expect(parseXml(formatJunit(nasty)).children[0]?.children[0]?.attrs.name).toBe('a"<&>');
  });
});

describe('reporters on a real run', () => {
  it('every format renders a report of the mini runtime', async () => {
    const casesDir = copySelftest({ 'known-gaps/loud.yaml': '- case: agents/server-tool\n  reason: It shouts.\n' });
    const real = await runConformance({ runtimes: [miniRuntime(), miniRuntime({ name: 'loud', shout: true })], casesDir });
    for (const format of REPORT_FORMATS) expect(formatReport(real, format).length).toBeGreaterThan(0);
    expect(formatText(real)).toContain('agents/server-tool               ✓     ~');
    expect(parseXml(formatReport(real, 'junit')).attrs).toMatchObject({ tests: '6', failures: '0', errors: '0' });
    expect(JSON.parse(formatReport(real, 'json')).ok).toBe(true);
  });
});
