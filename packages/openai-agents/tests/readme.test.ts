import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks, runReadmeBlock } from '@agentspec/testing';

/** The README's examples run as written (package imports resolve to this repository's sources). */
const blocks = readmeBlocks(new URL('../README.md', import.meta.url));
const dir = new URL('./.readme-blocks/', import.meta.url);
const weather = (code: string | undefined) => (code ?? '').replace("'../../examples/specs/weather-agent.yaml'", JSON.stringify(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url).pathname));

describe('README examples', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (index: number) => runReadmeBlock(weather(blocks[index]), new URL(`example-${index}.ts`, dir));

  it('has three', () => expect(blocks).toHaveLength(3));

  it('compiles the weather agent for the SDK and runs it on the runtime, offline', async () => {
    expect(await run(0)).toEqual(['Weather assistant {"summary":"Sunny in Zurich."} 0', 'finished {"summary":"Sunny in Zurich."}', 'openai-agents']);
  });

  it('answers a ClientTool interruption with the SDK', async () => {
    expect(await run(1)).toEqual(['Opening notes.md.']);
  });

  it('imports an SDK agent', async () => {
    expect(await run(2)).toEqual(['true [] ["get_weather"]']);
  });
});

describe('README import section', () => {
  it('lists every import warning code with an example', async () => {
    const { OPENAI_AGENTS_IMPORT_WARNINGS } = await import('../src/index.js');
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const code of Object.keys(OPENAI_AGENTS_IMPORT_WARNINGS)) expect(readme, code).toMatch(new RegExp(`^\\| \`${code}\` \\| [^|]*\`[^|]+\``, 'm'));
  });
});
