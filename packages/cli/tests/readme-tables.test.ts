import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '@agentspec/core';
import { RUNTIME_ERROR_CODES } from '@agentspec/runtime';
import { CLI_ERROR_CODES } from '../src/errors.js';
import { EXIT } from '../src/exit-codes.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The rows of the first Markdown table after `heading`, as cells. */
function table(heading: string): string[][] {
  const section = README.slice(README.indexOf(`\n${heading}\n`));
  expect(section.length, heading).toBeLessThan(README.length);
  const lines = section.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split(' | ').map((c) => c.trim()));
  }
  return rows;
}

describe('the CLI README tables match the code', () => {
  it('exit codes: the table is EXIT of src/exit-codes.ts, in order', () => {
    expect(table('## Exit codes').map(([code, name]) => [Number(code), name])).toEqual(Object.entries(EXIT).map(([name, code]) => [code, name]));
  });

  it('error codes: the table is CLI_ERROR_CODES (code, exit, meaning), in order', () => {
    expect(table('## Error messages').map(([code, exit, doc]) => [code, Number(exit), doc])).toEqual(
      Object.entries(CLI_ERROR_CODES).map(([code, e]) => [code, e.exit, e.doc]),
    );
  });

  it('the CLI codes are not codes of core diagnostics or runtime errors, and exit with a documented code', () => {
    for (const [code, e] of Object.entries(CLI_ERROR_CODES)) {
      expect(Object.hasOwn(DIAGNOSTIC_CODES, code) || Object.hasOwn(RUNTIME_ERROR_CODES, code), code).toBe(false);
      expect(Object.values(EXIT)).toContain(e.exit);
    }
  });
});
