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
