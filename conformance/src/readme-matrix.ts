import type { Report } from './report.js';
import { formatMarkdown } from './reporters/markdown.js';

export const MATRIX_START = '<!-- conformance-matrix:start -->';
export const MATRIX_END = '<!-- conformance-matrix:end -->';

/** The README block: a summary by area and runtime, then the full matrix folded away. */
export function readmeMatrix(report: Report): string {
  const areas = new Map<string, Map<string, { pass: number; total: number }>>();
  for (const r of report.results) {
    const area = r.caseId.split('/')[0] as string;
    let byRuntime = areas.get(area);
    if (!byRuntime) areas.set(area, (byRuntime = new Map()));
    const cell = byRuntime.get(r.runtime) ?? { pass: 0, total: 0 };
    cell.total++;
    if (r.status === 'pass') cell.pass++;
    byRuntime.set(r.runtime, cell);
  }
  const lines = [
    `| area | ${report.runtimes.join(' | ')} |`,
    `| --- | ${report.runtimes.map(() => ':---:').join(' | ')} |`,
    ...[...areas].map(([area, byRuntime]) => `| \`${area}\` | ${report.runtimes.map((r) => {
      const cell = byRuntime.get(r);
      return cell ? `${cell.pass}/${cell.total}` : '–';
    }).join(' | ')} |`),
  ];
  return [
    MATRIX_START,
    ...lines,
    '',
    '<details><summary>Every case</summary>',
    '',
    formatMarkdown(report).trimEnd(),
    '',
    '</details>',
    MATRIX_END,
  ].join('\n');
}

/** Replace the matrix block of a README text. */
export function replaceReadmeMatrix(readme: string, block: string): string {
  const start = readme.indexOf(MATRIX_START);
  const end = readme.indexOf(MATRIX_END);
  if (start < 0 || end < start) throw new Error(`the README has no ${MATRIX_START} … ${MATRIX_END} block`);
  return readme.slice(0, start) + block + readme.slice(end + MATRIX_END.length);
}
