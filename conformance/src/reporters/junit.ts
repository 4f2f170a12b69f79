/**
 * The JUnit XML report for CI: one testsuite per runtime, one testcase per
 * case; failures and errors carry the first difference, known gaps are
 * skipped with their reason, stale gaps are failures.
 */
import type { CaseResult, Report } from '../report.js';
import { explain } from './describe.js';

/** Escapes text for XML attributes and content; drops characters XML 1.0 cannot hold. */
export function xmlEscape(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function testcase(r: CaseResult): string {
  const open = `    <testcase name="${xmlEscape(r.caseId)}" classname="${xmlEscape(`conformance.${r.runtime}`)}" time="${seconds(r.durationMs)}"`;
  const why = xmlEscape(explain(r));
  switch (r.status) {
    case 'pass':
      return `${open}/>`;
    case 'known-gap':
      return `${open}>\n      <skipped message="${xmlEscape(`known gap: ${r.reason ?? ''}`)}"/>\n    </testcase>`;
    case 'error':
      return `${open}>\n      <error message="${why}" type="${xmlEscape(r.error?.code ?? 'error')}">${why}</error>\n    </testcase>`;
    default:
      return `${open}>\n      <failure message="${why}" type="${r.status}">${why}</failure>\n    </testcase>`;
  }
}

export function formatJunit(report: Report): string {
  const suites = report.runtimes.map((runtime) => {
    const mine = report.results.filter((r) => r.runtime === runtime);
    const count = (f: (r: CaseResult) => boolean): number => mine.filter(f).length;
    const time = mine.reduce((sum, r) => sum + r.durationMs, 0);
    const attrs = [
      `name="${xmlEscape(runtime)}"`, `tests="${mine.length}"`,
      `failures="${count((r) => r.status === 'fail' || r.status === 'stale-gap')}"`,
      `errors="${count((r) => r.status === 'error')}"`, `skipped="${count((r) => r.status === 'known-gap')}"`,
      `time="${seconds(time)}"`,
    ];
    return [`  <testsuite ${attrs.join(' ')}>`, ...mine.map(testcase), '  </testsuite>'].join('\n');
  });
  const failures = report.results.filter((r) => r.status === 'fail' || r.status === 'stale-gap').length;
  const errors = report.results.filter((r) => r.status === 'error').length + report.errors.length;
  const head = `<testsuites name="agentspec conformance" tests="${report.results.length}" failures="${failures}" errors="${errors}" time="${seconds(report.durationMs)}">`;
  const reportErrors = report.errors.length === 0 ? [] : [
    `  <testsuite name="known-gaps" tests="${report.errors.length}" failures="0" errors="${report.errors.length}" skipped="0">`,
    ...report.errors.map((e, i) => `    <testcase name="known-gaps ${i + 1}" classname="conformance.known-gaps"><error message="${xmlEscape(e)}"/></testcase>`),
    '  </testsuite>',
  ];
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, ...reportErrors, '</testsuites>', ''].join('\n');
}
