import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** Every ```ts block of the README runs as written (imports of @agentspec/core resolve to this package). */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
const dir = new URL('./.readme-blocks/', import.meta.url);

describe('README examples', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  blocks.forEach((code, i) => {
    it(`block ${i + 1} runs and prints what its comments say`, async () => {
      mkdirSync(dir, { recursive: true });
      const file = new URL(`block-${i}.ts`, dir);
      writeFileSync(file, code.replaceAll("from '@agentspec/core'", "from '../../src/index.js'"));
      const lines: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      });
      try {
        await import(/* @vite-ignore */ file.href);
      } finally {
        spy.mockRestore();
      }
      expect(lines.length).toBeGreaterThan(0);
      if (i === 0) {
        expect(lines[0]).toBe('[{"title":"user","type":"string"}]');
        expect(lines[1]).toBe('Agent true');
        expect(lines.slice(2)).toEqual(['AS_WRONG_TYPE /name 1:48', 'AS_MISSING_FIELD  1:1', 'AS_MISSING_FIELD  1:1']);
      } else if (i === 1) {
        expect(lines[0]).toBe('[{"$component_ref":"search"}] ["search"]');
      } else {
        expect(lines).toEqual(['AS_PLUGIN_MISSING', '0 true']);
      }
    });
  });
});
