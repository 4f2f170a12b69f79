#!/usr/bin/env node
// Records the expected span trees of the conformance cases from the
// reference runtime: runs every valid case (that the reference does not
// refuse) and writes, beside its case.yaml, a trace.yaml with the normalized
// span tree of each run. A case that does not pass on the reference is left
// as it is (and named). Run after `pnpm build`; check the diff before
// committing: a changed tree is a changed behaviour.
//
//   node scripts/record-traces.mjs [--filter text] [--check]
//
// --check writes nothing: exits 1 when a trace.yaml is missing or differs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spanTreeText } from '../packages/runtime/dist/index.js';
import { caseTracesYaml, collectCases, DEFAULT_CASES_DIR, RUNTIMES, runLoadedCase, TRACE_FILE } from '../conformance/dist/index.js';

const args = process.argv.slice(2);
const filterAt = args.indexOf('--filter');
const check = args.includes('--check');
const { cases } = collectCases(DEFAULT_CASES_DIR, filterAt >= 0 ? args[filterAt + 1] : undefined);
const reference = RUNTIMES.reference();
let written = 0;
let same = 0;
const problems = [];
for (const loaded of cases) {
  const c = loaded.case;
  if (c?.kind !== 'run' || (c.refusedBy && Object.hasOwn(c.refusedBy, 'reference'))) continue;
  const trees = [];
  // the trees are recorded, not checked: an outdated trace.yaml must not stop its own recording
  const result = await runLoadedCase(loaded, reference, undefined, { traces: false, onTrace: (run, trace) => (trees[run] = spanTreeText(trace)) });
  if (result.status !== 'pass') {
    problems.push(`${c.id}: ${result.status} on the reference runtime; not recorded`);
    continue;
  }
  const file = join(c.dir, TRACE_FILE);
  const text = caseTracesYaml(trees);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) {
    same++;
    continue;
  }
  if (check) problems.push(`${c.id}: ${TRACE_FILE} ${existsSync(file) ? 'differs from' : 'is missing; recorded'} the reference's trees`);
  else writeFileSync(file, text);
  written++;
}
console.log(`${check ? 'would write' : 'wrote'} ${written} ${TRACE_FILE} file(s), ${same} unchanged`);
for (const p of problems) console.error(p);
process.exitCode = problems.length > 0 ? 1 : 0;
