// Regenerates the conformance matrix block of the root README from a real run
// of every case on every registered runtime (`pnpm build` first).
import { readFileSync, writeFileSync } from 'node:fs';
import { readmeMatrix, replaceReadmeMatrix, runConformance, RUNTIMES } from '../conformance/dist/index.js';

const readme = new URL('../README.md', import.meta.url);
const report = await runConformance({ runtimes: Object.values(RUNTIMES).map((make) => make()) });
writeFileSync(readme, replaceReadmeMatrix(readFileSync(readme, 'utf8'), readmeMatrix(report)));
console.log(`README matrix updated: ${report.cases.length} cases × ${report.runtimes.join(', ')}`);
