import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks, runReadmeBlock } from '@agentspec/testing';

/** The README's example runs as written (package imports resolve to this repository's sources). */
const blocks = readmeBlocks(new URL('../README.md', import.meta.url));
const dir = new URL('./.readme-blocks/', import.meta.url);
const weather = (code: string | undefined) => (code ?? '').replace("'../../examples/specs/weather-agent.yaml'", JSON.stringify(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url).pathname));

describe('README example', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles, runs and imports offline and prints what its comments say', async () => {
    expect(await runReadmeBlock(weather(blocks[0]), new URL('example.ts', dir))).toEqual([
      'Weather assistant ["get_forecast","submit_result"]',
      'finished {"summary":"Sunny in Zurich."}',
      '["StartNode","ToolNode","EndNode"] {"n":42}',
    ]);
  });
});

describe('README import section', () => {
  it('lists every import warning code with an example', async () => {
    const { MASTRA_IMPORT_WARNINGS } = await import('../src/index.js');
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const code of Object.keys(MASTRA_IMPORT_WARNINGS)) expect(readme, code).toMatch(new RegExp(`^\\| \`${code}\` \\| [^|]*\`[^|]+\``, 'm'));
  });
});
