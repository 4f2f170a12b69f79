/** The reporters by the name `--report` takes. */
import type { Report } from '../report.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatText } from './text.js';

export const REPORT_FORMATS = ['text', 'md', 'json', 'junit'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface FormatOptions {
  /** ANSI colours in the text report. */
  readonly color?: boolean;
}

export const REPORTERS: Readonly<Record<ReportFormat, (report: Report, options?: FormatOptions) => string>> = {
  text: (report, options) => formatText(report, options),
  md: formatMarkdown,
  json: formatJson,
  junit: formatJunit,
};

export function formatReport(report: Report, format: ReportFormat, options: FormatOptions = {}): string {
  return REPORTERS[format](report, options);
}
