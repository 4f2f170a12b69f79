import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The README's examples run as written (package imports resolve to this repository's sources). */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
const dir = new URL('./.readme-blocks/', import.meta.url);

async function runBlock(index: number): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const file = new URL(`example-${index}.ts`, dir);
  writeFileSync(file, (blocks[index] ?? '')
    .replace("'../../examples/specs/weather-agent.yaml'", JSON.stringify(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url).pathname)));
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')));
  try {
    await import(/* @vite-ignore */ file.href);
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe('README examples', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has three', () => expect(blocks).toHaveLength(3));

  it('compiles the weather agent for the SDK and runs it on the runtime, offline', async () => {
    expect(await runBlock(0)).toEqual(['Weather assistant {"summary":"Sunny in Zurich."} 0', 'finished {"summary":"Sunny in Zurich."}', 'openai-agents']);
  });

  it('answers a ClientTool interruption with the SDK', async () => {
    expect(await runBlock(1)).toEqual(['Opening notes.md.']);
  });

  it('imports an SDK agent', async () => {
    expect(await runBlock(2)).toEqual(['true [] ["get_weather"]']);
  });
});
