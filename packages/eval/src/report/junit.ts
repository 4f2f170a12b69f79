import type { EvalReport } from './eval-report.js';

/** Text for XML attributes and content; characters XML 1.0 cannot hold are dropped. */
export function xmlText(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * JUnit XML for CI: one testsuite per cell, one testcase per item of the cell
 * (its repeats together). A testcase fails when a repeat did not pass (the
 * message gives the passes and each metric's mean), is an error when every
 * repeat failed to run (the codes), and passes otherwise.
 */
export function formatJunit(report: EvalReport): string {
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const suites = report.cells.map((cell) => {
    const mine = report.results.filter((r) => r.spec === cell.spec && r.runtime === cell.runtime && r.llm === cell.llm);
    const cases: string[] = [];
    let f = 0;
    let e = 0;
    for (const item of report.items) {
      const runs = mine.filter((r) => r.itemId === item.id);
      if (runs.length === 0) continue;
      const time = runs.reduce((a, r) => a + r.latencyMs, 0);
      const open = `    <testcase name="${xmlText(item.id)}" classname="${xmlText(`eval.${cell.spec}.${cell.runtime}.${cell.llm}`)}" time="${seconds(time)}"`;
      const passed = runs.filter((r) => r.pass).length;
      if (runs.every((r) => r.error)) {
        e++;
        const codes = [...new Set(runs.map((r) => r.error!.code))].join(', ');
        const message = `${runs.length} run(s) failed: ${codes}: ${runs[0]!.error!.message}`;
        cases.push(`${open}>\n      <error message="${xmlText(message)}" type="${xmlText(codes)}">${xmlText(message)}</error>\n    </testcase>`);
      } else if (passed < runs.length) {
        f++;
        const means = report.metrics.map((m) => `${m} ${(runs.reduce((a, r) => a + (r.metrics[m]?.score ?? 0), 0) / runs.length).toFixed(3)}`).join(', ');
        const message = `passed ${passed}/${runs.length} run(s); ${means}; answer: ${JSON.stringify(runs.find((r) => !r.pass)?.answer ?? null).slice(0, 300)}`;
        cases.push(`${open}>\n      <failure message="${xmlText(message)}" type="fail">${xmlText(message)}</failure>\n    </testcase>`);
      } else cases.push(`${open}/>`);
    }
    tests += cases.length;
    failures += f;
    errors += e;
    const time = mine.reduce((a, r) => a + r.latencyMs, 0);
    return [`  <testsuite name="${xmlText(cell.key)}" tests="${cases.length}" failures="${f}" errors="${e}" skipped="0" time="${seconds(time)}">`, ...cases, '  </testsuite>'].join('\n');
  });
  const head = `<testsuites name="${xmlText(`agentspec eval ${report.name}`)}" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(report.durationMs)}">`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, '</testsuites>', ''].join('\n');
}
