#!/usr/bin/env node
// Measures how many valid conformance cases give, per runtime, the same
// normalized span tree (kinds, names, nesting, component ids) as the
// reference interpreter, and how many of the reference's own trees are
// well-formed (every span ended by the runtime or by a pause, one root per
// case run, no reused or unknown span ids, children inside their parents).
//
//   node scripts/measure-trace-trees.mjs [--runtimes reference,langgraph,…] [--filter text] [--out trees.json] [--verbose]
//
// Needs `pnpm build` (reads conformance/dist and the adapters' dist).
import { writeFileSync } from 'node:fs';
import { spanTreeText } from '../packages/runtime/dist/index.js';
import { collectCases, DEFAULT_CASES_DIR, RUNTIMES, runLoadedCase } from '../conformance/dist/index.js';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const names = (opt('--runtimes') ?? Object.keys(RUNTIMES).join(',')).split(',');
if (!names.includes('reference')) names.unshift('reference');
names.sort((a, b) => (a === 'reference' ? -1 : b === 'reference' ? 1 : 0));
const verbose = args.includes('--verbose');

/** Why a trace is not well-formed (empty when it is). */
function malformed(trace) {
  const problems = [];
  const byId = new Map(trace.spans.map((s) => [s.id, s]));
  const roots = trace.spans.filter((s) => s.parentId === null);
  if (roots.length > 1) problems.push(`${roots.length} roots`);
  for (const s of trace.spans) {
    if (s.status === 'unset') problems.push(`span ${s.kind} '${s.name}' never ended`);
    if (s.id.includes('#')) problems.push(`span id ${s.id.split('#')[0]} used twice`);
    const p = s.parentId !== null ? byId.get(s.parentId) : undefined;
    if (p && (s.start < p.start || s.end > p.end)) problems.push(`${s.kind} '${s.name}' outside its parent ${p.kind} '${p.name}'`);
  }
  return [...new Set(problems)];
}

const { cases } = collectCases(DEFAULT_CASES_DIR, opt('--filter'));
const valid = cases.filter((l) => l.case?.kind === 'run');
const trees = {};
const summary = {};
for (const name of names) {
  const runtime = RUNTIMES[name]();
  const s = (summary[name] = { cases: 0, pass: 0, sameTree: 0, wellFormed: 0 });
  for (const loaded of valid) {
    const c = loaded.case;
    if (c.refusedBy && Object.hasOwn(c.refusedBy, name)) continue;
    const traces = [];
    const result = await runLoadedCase(loaded, runtime, undefined, { traces: false, onTrace: (run, trace) => (traces[run] = trace) });
    const text = traces.map((t) => spanTreeText(t)).join('\n---\n');
    const problems = traces.flatMap((t, i) => malformed(t).map((p) => `run ${i}: ${p}`));
    (trees[c.id] ??= {})[name] = { status: result.status, tree: text, problems };
    s.cases++;
    if (result.status === 'pass') s.pass++;
    if (problems.length === 0) s.wellFormed++;
    const ref = trees[c.id].reference;
    const same = ref !== undefined && ref.tree === text;
    if (same) s.sameTree++;
    if (verbose && (!same || problems.length > 0)) console.error(`${name} ${c.id}: ${same ? '' : 'tree differs'} ${problems.join('; ')}`);
  }
  console.log(`${name.padEnd(14)} cases ${s.cases}  pass ${s.pass}  same tree as reference ${s.sameTree}  well-formed ${s.wellFormed}`);
}
if (opt('--out')) writeFileSync(opt('--out'), `${JSON.stringify({ summary, trees }, null, 2)}\n`);
