import { formatDiagnostic, load, type Diagnostic } from '@agentspec/core';
import { EXIT } from '../exit-codes.js';
import { readInput, UsageError, type Io } from '../io.js';
import { componentFileOptions, type ComponentFiles } from '../load-options.js';

export interface ValidateOptions extends ComponentFiles {
  readonly format?: string;
}

/** JSON report entry: one per file. */
export interface FileReport {
  readonly file: string;
  readonly valid: boolean;
  readonly diagnostics: readonly Pick<Diagnostic, 'code' | 'severity' | 'message' | 'path' | 'line' | 'column'>[];
}

export function validateCommand(io: Io, files: readonly string[], options: ValidateOptions): number {
  const format = options.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not '${format}'`);
  const loadOptions = componentFileOptions(io, options);
  const reports: FileReport[] = files.map((file) => {
    const result = load(readInput(io, file), loadOptions);
    return {
      file,
      valid: !result.diagnostics.some((d) => d.severity === 'error'),
      diagnostics: result.diagnostics.map((d) => ({
        code: d.code, severity: d.severity, message: d.message, path: d.path,
        ...(d.line !== undefined ? { line: d.line, column: d.column } : {}),
        ...(d.hint ? { hint: d.hint } : {}),
      })),
    };
  });
  if (format === 'json') {
    io.stdout(`${JSON.stringify(reports, null, 2)}\n`);
  } else {
    for (const r of reports) {
      for (const d of r.diagnostics) io.stdout(`${formatDiagnostic(d as Diagnostic, r.file)}\n`);
      io.stderr(`${r.valid ? 'valid' : 'invalid'}: ${r.file}\n`);
    }
  }
  return reports.every((r) => r.valid) ? EXIT.OK : EXIT.INVALID;
}
