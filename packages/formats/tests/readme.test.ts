import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks, runReadmeBlock } from '@agentspec/testing';

/** The README's examples run as written, their files being the sample documents of tests/fixtures. */
const blocks = readmeBlocks(new URL('../README.md', import.meta.url));
const dir = new URL('./.readme-blocks/', import.meta.url);
const fixture = (path: string) => JSON.stringify(fileURLToPath(new URL(`./fixtures/${path}`, import.meta.url)));
const withFixtures = (code: string | undefined) => (code ?? '')
  .replace(/'(expense-approver|hotel-booker|travel-planner)\.yaml'/g, (_m, name: string) => fixture(`openagentspec/${name}.yaml`))
  .replace("'weather/agents.json'", fixture('agents-json/weather/agents.json'))
  .replace("baseDir: 'weather'", `baseDir: ${fixture('agents-json/weather')}`);

describe('README examples', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has the three examples', () => {
    expect(blocks).toHaveLength(3);
  });

  it('imports the expense approver, runs it, and the reviewed tool stops for confirmation', async () => {
    expect(await runReadmeBlock(withFixtures(blocks[0]), new URL('expense.ts', dir))).toEqual([
      '13 OAS_TOOL_AS_SERVER_TOOL /capabilities/submit-expense', 'agentspec_version: 25.4.2', 'tool_confirmation', 'Filed as claim EX-1.',
    ]);
  });

  it('runs the travel planner with its agent capability implemented by the imported hotel booker', async () => {
    expect(await runReadmeBlock(withFixtures(blocks[1]), new URL('planner.ts', dir))).toEqual(['Your hotel booking is HB-7.']);
  });

  it('imports the weather flow and prints what its comments say', async () => {
    const code = withFixtures(blocks[2]);
    const expected = [...code.matchAll(/^\/\/ (.*)$/gm)].map((m) => m[1]);
    expect(await runReadmeBlock(code, new URL('weather.ts', dir))).toEqual(expected);
  });
});
