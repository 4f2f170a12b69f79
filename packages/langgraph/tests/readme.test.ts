import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readmeBlocks, runReadmeBlock } from '@agentspec/testing';
import { IMPORT_WARNING_CODES } from '../src/index.js';

/** The README's example runs as written (package imports resolve to this repository's sources). */
const blocks = readmeBlocks(new URL('../README.md', import.meta.url));
const dir = new URL('./.readme-blocks/', import.meta.url);
const examples = new URL('../../../examples/', import.meta.url).pathname;

describe('README example', { timeout: 30_000 }, () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles, runs and exports the support triage flow offline, printing what its comments say', async () => {
    expect(await runReadmeBlock((blocks[0] ?? '').split("'../../examples/").join(`'${examples}`), new URL('example.ts', dir))).toEqual([
      'start, classify, look up the order, answer, handover, done, escalated',
      'order #4711 (Where is my order?) shipped yesterday',
      'finished next',
      '{"kind":"memory"}',
      '8',
    ]);
  });
});

describe('README warnings table', () => {
  it('lists every import warning code with its kind and an example', () => {
    const text = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const [code, { kind }] of Object.entries(IMPORT_WARNING_CODES)) expect(text).toMatch(new RegExp(`^\\| \`${code}\` \\| ${kind} \\| .+ \\| .+ \\|$`, 'm'));
  });
});
