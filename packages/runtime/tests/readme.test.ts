import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks, runReadmeBlock } from '@agentspec/testing';

/** The README's example runs as written (package imports resolve to this repository's sources). */
const blocks = readmeBlocks(new URL('../README.md', import.meta.url));
const dir = new URL('./.readme-blocks/', import.meta.url);
const weather = (code: string | undefined) => (code ?? '').replace("'../../examples/specs/weather-agent.yaml'", JSON.stringify(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url).pathname));

describe('README example', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('records a trace of the weather agent and prints what its comment says', async () => {
    const block = blocks.find((b) => b.includes('new TraceRecorder'));
    const code = weather(block).replace("writeFileSync('trace.json'", `writeFileSync(${JSON.stringify(new URL('trace.json', dir).pathname)}`);
    expect(await runReadmeBlock(code, new URL('trace.ts', dir))).toEqual([
      'AgentExecutionSpan Weather assistant ok, LlmGenerationSpan local model ok, ToolExecutionSpan get_forecast ok, LlmGenerationSpan local model ok',
    ]);
    expect(JSON.parse(readFileSync(new URL('trace.json', dir), 'utf8'))).toMatchObject({ format: 'agentspec-trace', version: 1, runtime: 'reference' });
  });

  it('runs the weather agent offline and prints what its comments say', async () => {
    expect(await runReadmeBlock(weather(blocks[0]), new URL('example.ts', dir))).toEqual(['finished {"summary":"Sunny in Zurich."}', 'reference']);
  });
});
