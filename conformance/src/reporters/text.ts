/** The terminal report: a matrix of cases × runtimes, what failed and why, one summary line per runtime. */
import { summarize, summaryLine, type Report, type ResultStatus } from '../report.js';
import { explain, isFailure, LEGEND, SYMBOLS } from './describe.js';

export interface TextReportOptions {
  /** ANSI colours (default false: only when asked). */
  readonly color?: boolean;
}

const COLORS: Readonly<Record<ResultStatus, number>> = { 'pass': 32, 'fail': 31, 'error': 31, 'known-gap': 33, 'stale-gap': 35 };

export function formatText(report: Report, options: TextReportOptions = {}): string {
  const paint = (status: ResultStatus, text: string): string => (options.color ? `\x1b[${COLORS[status]}m${text}\x1b[0m` : text);
  const width = Math.max(4, ...report.cases.map((c) => c.id.length));
  const columns = report.runtimes.map((r) => Math.max(r.length, 1));
  const lines = [[`${'case'.padEnd(width)}`, ...report.runtimes].join('  ').trimEnd()];
  for (const c of report.cases) {
    const cells = report.runtimes.map((runtime, i) => {
      const result = report.results.find((r) => r.runtime === runtime && r.caseId === c.id);
      const pad = ' '.repeat(columns[i]! - 1);
      return result ? `${paint(result.status, SYMBOLS[result.status])}${pad}` : ` ${pad}`;
    });
    lines.push([c.id.padEnd(width), ...cells].join('  ').trimEnd());
  }
  lines.push('', LEGEND);
  const failures = report.results.filter(isFailure);
  if (failures.length > 0) {
    lines.push('', 'Failures:');
    for (const r of failures) lines.push(`  ${paint(r.status, SYMBOLS[r.status])} ${r.runtime} ${r.caseId}: ${explain(r)}`);
  }
  const gaps = report.results.filter((r) => r.status === 'known-gap');
  if (gaps.length > 0) {
    lines.push('', 'Known gaps:');
    for (const r of gaps) lines.push(`  ~ ${r.runtime} ${r.caseId}: ${r.reason ?? ''}`);
  }
  if (report.errors.length > 0) lines.push('', 'Errors:', ...report.errors.map((e) => `  ! ${e}`));
  lines.push('', ...summarize(report).map(summaryLine));
  return `${lines.join('\n')}\n`;
}
