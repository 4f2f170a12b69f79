import { DIAGNOSTIC_CODES, type DiagnosticCode } from './codes.js';

export type Severity = 'error' | 'warning';

/** One problem found in a document: a code from DIAGNOSTIC_CODES and where it is. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  /** RFC 6901 JSON Pointer into the document as written ('' is the root). */
  readonly path: string;
  /** 1-based line and column, when the document was parsed from text. */
  readonly line?: number;
  readonly column?: number;
  /** Which document: the main one, or the disaggregated components supplied at load. */
  readonly document?: 'main' | 'referenced';
  readonly hint?: string;
}

export function diagnostic(
  code: DiagnosticCode,
  path: string,
  message: string,
  extra?: { hint?: string; severity?: Severity; document?: 'main' | 'referenced'; line?: number; column?: number },
): Diagnostic {
  return { code, severity: extra?.severity ?? DIAGNOSTIC_CODES[code].severity, message, path, ...extra };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** `file:line:col severity code message` — the text form used by the CLI. */
export function formatDiagnostic(d: Diagnostic, file = '<input>'): string {
  const where = d.line !== undefined ? `${file}:${d.line}:${d.column ?? 1}` : `${file}:${d.path || '/'}`;
  const hint = d.hint ? ` (hint: ${d.hint})` : '';
  return `${where} ${d.severity} ${d.code} ${d.message}${hint}`;
}

/**
 * The first `max` diagnostics, and one AS_TOO_MANY_DIAGNOSTICS counting the
 * rest (an error when any of them is). Never copies more than `max`.
 */
export function capDiagnostics(diagnostics: readonly Diagnostic[], max: number): Diagnostic[] {
  if (diagnostics.length <= max) return diagnostics as Diagnostic[];
  const kept = diagnostics.slice(0, max);
  const rest = diagnostics.length - max;
  let errors = 0;
  for (let i = max; i < diagnostics.length; i++) if ((diagnostics[i] as Diagnostic).severity === 'error') errors++;
  kept.push(diagnostic('AS_TOO_MANY_DIAGNOSTICS', '', `${rest} more diagnostic${rest === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}) after the first ${max} were left out`, {
    severity: errors > 0 ? 'error' : 'warning',
    hint: 'fix the problems reported, or raise the maxDiagnostics load option',
  }));
  return kept;
}
