/** Words and symbols the reporters share. */
import type { CaseResult, ResultStatus } from '../report.js';

export const SYMBOLS: Readonly<Record<ResultStatus, string>> = {
  'pass': '✓', 'fail': '✗', 'error': '!', 'known-gap': '~', 'stale-gap': '*',
};

export const LEGEND = '✓ pass  ✗ fail  ! error  ~ known gap  * stale gap (passes but is still listed as a known gap)';

/** A value as it appears in a message: JSON, or `(missing)`. */
export function shown(value: unknown): string {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

function where(run: number | undefined, step: number | undefined): string {
  const parts = [run !== undefined && `run ${run}`, step !== undefined && `step ${step}`].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** One line saying why a result is not a pass; '' for a pass. */
export function explain(result: CaseResult): string {
  const gap = result.reason === undefined ? '' : ` [known gap: ${result.reason}]`;
  if (result.status === 'stale-gap') return `passes but is listed as a known gap: remove it from the known-gaps file${gap}`;
  const d = result.difference;
  if (d) return `at ${d.path || '/'}: expected ${shown(d.expected)}, got ${shown(d.actual)}${gap}`;
  const e = result.error;
  if (e) return `error ${e.code}${where(e.run, e.step)}: ${e.message}${gap}`;
  return '';
}

/** Whether the result makes the run fail. */
export function isFailure(result: CaseResult): boolean {
  return result.status === 'fail' || result.status === 'error' || result.status === 'stale-gap';
}
