/** The Markdown report: a table for a README or a CI summary, then what failed. */
import { summarize, summaryLine, type Report } from '../report.js';
import { explain, isFailure, LEGEND, SYMBOLS } from './describe.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function formatMarkdown(report: Report): string {
  const lines = [
    `| case | ${report.runtimes.map(cell).join(' | ')} |`,
    `| --- | ${report.runtimes.map(() => ':---:').join(' | ')} |`,
  ];
  for (const c of report.cases) {
    const marks = report.runtimes.map((runtime) => {
      const result = report.results.find((r) => r.runtime === runtime && r.caseId === c.id);
      return result ? SYMBOLS[result.status] : '';
    });
    lines.push(`| \`${cell(c.id)}\` | ${marks.join(' | ')} |`);
  }
  lines.push('', LEGEND, '');
  for (const s of summarize(report)) lines.push(`- ${summaryLine(s)}`);
  const notes = report.results.filter((r) => isFailure(r) || r.status === 'known-gap');
  if (notes.length > 0) {
    lines.push('', '| runtime | case | status | details |', '| --- | --- | --- | --- |');
    for (const r of notes) lines.push(`| ${cell(r.runtime)} | \`${cell(r.caseId)}\` | ${r.status} | ${cell(r.status === 'known-gap' ? r.reason ?? '' : explain(r))} |`);
  }
  if (report.errors.length > 0) lines.push('', ...report.errors.map((e) => `- **error**: ${cell(e)}`));
  return `${lines.join('\n')}\n`;
}
