import type { DIAGNOSTIC_CODES } from './codes.js';

/** The Markdown page listing every diagnostic code (packages/core/docs/diagnostics.md). */
export function renderDiagnosticsDoc(codes: typeof DIAGNOSTIC_CODES): string {
  const rows = Object.entries(codes).map(([code, { severity, doc }]) => `| \`${code}\` | ${severity} | ${doc.replace(/\|/g, '\\|')} |`);
  return [
    '# Diagnostic codes',
    '',
    'Every problem `@agentspec/core` finds in a document is a diagnostic `{ code, severity, message, path, line?, column?, hint? }`.',
    '`path` is a JSON Pointer (RFC 6901) into the document as written — through `$referenced_components/<id>` when the',
    'component is defined there; `line`/`column` (1-based) are given when the document was parsed from text.',
    'Codes are stable: new ones may be added, none is renamed or reused. This page is generated from',
    '`src/diagnostics/codes.ts` (`pnpm --filter @agentspec/core generate`).',
    '',
    '| code | severity | meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
