import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The README's example runs as written (package imports resolve to this repository's sources). */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const dir = new URL('./.readme-blocks/', import.meta.url);

describe('README example', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles, runs and imports the weather agent offline and prints what its comments say', async () => {
    mkdirSync(dir, { recursive: true });
    const file = new URL('example.ts', dir);
    writeFileSync(file, block
      .replace("'../../examples/specs/weather-agent.yaml'", JSON.stringify(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url).pathname)));
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')));
    try {
      await import(/* @vite-ignore */ file.href);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual(['0 {"summary":"Sunny in Zurich."}', 'finished {"summary":"Sunny in Zurich."}', 'ai-sdk', '["get_forecast"] []']);
  });
});
