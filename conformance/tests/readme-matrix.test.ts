import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MATRIX_END, MATRIX_START, readmeMatrix, runConformance, RUNTIMES } from '../src/index.js';

/** The matrix in the root README is what the suite gives today (regenerate: node scripts/update-matrix.mjs). */
describe('README conformance matrix', () => {
  it('matches a fresh run of every case on every registered runtime', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const block = readme.slice(readme.indexOf(MATRIX_START), readme.indexOf(MATRIX_END) + MATRIX_END.length);
    const report = await runConformance({ runtimes: Object.values(RUNTIMES).map((make) => make()) });
    expect(block).toBe(readmeMatrix(report));
  }, 120_000);
});
