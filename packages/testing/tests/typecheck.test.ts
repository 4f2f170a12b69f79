import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { typecheck } from '../src/index.js';

// under the package (the tsconfig's rootDir)
const dir = await mkdtemp(join(fileURLToPath(new URL('../node_modules/', import.meta.url)), '.typecheck-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const tsconfig = new URL('../tsconfig.json', import.meta.url);

it('gives [] for files that compile, and the errors tsc prints for those that do not', async () => {
  const good = join(dir, 'good.ts');
  const bad = join(dir, 'bad.ts');
  await writeFile(good, 'export const n: number = 1;\n');
  await writeFile(bad, "export const n: number = 'one';\n");
  expect(await typecheck([good], tsconfig)).toEqual([]);
  const errors = await typecheck([good, bad], tsconfig);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/bad\.ts\(1,14\): error TS2322: Type 'string' is not assignable to type 'number'/);
}, 60_000);
