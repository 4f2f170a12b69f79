import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The README's example runs as written (package imports resolve to this repository's sources). */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const dir = new URL('./.readme-blocks/', import.meta.url);
const examples = new URL('../../../examples/', import.meta.url).pathname;

describe('README example', { timeout: 30_000 }, () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles, runs and exports the support triage flow offline, printing what its comments say', async () => {
    mkdirSync(dir, { recursive: true });
    const file = new URL('example.ts', dir);
    writeFileSync(file, block.split("'../../examples/").join(`'${examples}`));
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')));
    try {
      await import(/* @vite-ignore */ file.href);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual([
      'start, classify, route, look up the order, answer, handover, done, escalated',
      'order #4711 (Where is my order?) shipped yesterday',
      'finished next',
      '{"kind":"memory"}',
      '8',
    ]);
  });
});
