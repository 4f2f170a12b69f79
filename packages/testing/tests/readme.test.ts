import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseRulesText } from '../src/index.js';
import { packageDir, transpile, transpileSources } from './transpile.js';

let dir: string;
let readme: string;
beforeAll(async () => {
  dir = await transpileSources();
  readme = await readFile(join(packageDir, 'README.md'), 'utf8');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const blocks = (lang: string): string[] => [...readme.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '');

it('has the standard sections', () => {
  const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  expect(sections).toEqual(['What is this?', 'When should I use this?', 'Install', 'Use', 'API', 'Security']);
});

it('runs every TypeScript example as written', async () => {
  const examples = blocks('ts');
  expect(examples.length).toBeGreaterThanOrEqual(3);
  for (const [i, example] of examples.entries()) {
    const file = join(dir, `readme-${i}.mjs`);
    await writeFile(file, transpile(example, `readme-${i}.ts`).replaceAll("from '@agentspec/testing'", "from './index.js'"));
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 20_000 });
    expect({ example: i, status: run.status, stderr: run.stderr }).toEqual({ example: i, status: 0, stderr: '' });
  }
});

it('has a rules file example that parses', () => {
  const [yaml] = blocks('yaml');
  expect(parseRulesText(yaml ?? '', 'README').rules.length).toBeGreaterThanOrEqual(8);
});
