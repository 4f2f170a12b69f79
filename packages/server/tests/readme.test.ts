import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_ERROR_CODES } from '../src/index.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

it('the README\'s error code table is SERVER_ERROR_CODES (code, status, meaning), in order', () => {
  const section = README.slice(README.indexOf('### Error codes'));
  const rows = section.split('\n').filter((l) => l.startsWith('| AS_')).map((l) => l.slice(1, -1).split(' | ').map((c) => c.trim()));
  expect(rows).toEqual(Object.entries(SERVER_ERROR_CODES).map(([code, e]) => [code, String(e.status), e.doc]));
});
