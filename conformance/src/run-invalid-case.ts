/**
 * An invalid case passes when `load` of @agentspec/core reports exactly the
 * expected error diagnostics (any order; line and column where given).
 * Warnings are not checked. A runtime never receives an invalid document, so
 * the check is the same on every runtime row.
 */
import { load, type Diagnostic } from '@agentspec/core';
import type { ExpectedDiagnostic, InvalidCase } from './case-types.js';
import { pointer } from './check.js';
import type { CaseOutcome } from './outcome.js';

function matches(e: ExpectedDiagnostic, d: Diagnostic): boolean {
  return e.code === d.code && e.path === d.path
    && (e.line === undefined || e.line === d.line) && (e.column === undefined || e.column === d.column);
}

function shown(d: Diagnostic): Record<string, unknown> {
  return { code: d.code, path: d.path, ...(d.line !== undefined ? { line: d.line, column: d.column } : {}), message: d.message };
}

export function runInvalidCase(c: InvalidCase): CaseOutcome {
  const started = performance.now();
  const format = c.specFile.endsWith('.json') ? 'json' : 'yaml';
  const errors = load(c.specText, { format }).diagnostics.filter((d) => d.severity === 'error');
  const unmatched = [...errors];
  const durationMs = (): number => Math.round(performance.now() - started);
  for (const [i, e] of c.diagnostics.entries()) {
    const at = unmatched.findIndex((d) => matches(e, d));
    if (at === -1) {
      return {
        status: 'fail', durationMs: durationMs(),
        difference: { path: pointer('/expect/diagnostics', i), expected: e, actual: unmatched.map(shown) },
      };
    }
    unmatched.splice(at, 1);
  }
  const extra = unmatched[0];
  if (extra) {
    return { status: 'fail', durationMs: durationMs(), difference: { path: '/expect/diagnostics/-', expected: undefined, actual: shown(extra) } };
  }
  return { status: 'pass', durationMs: durationMs() };
}
