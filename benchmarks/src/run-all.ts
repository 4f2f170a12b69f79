// Every benchmark of DESIGN §10 in one run, as one table of ratios against
// their targets (`pnpm bench`). Each benchmark runs in a fresh node process
// (this file with --child), so that one's heap and JIT state do not weigh on
// the next; its rows come back as JSON. The processes of one core's worth of
// benchmarks start and import their modules at once, then run one at a time
// (fresh-process.ts).
//
//   node --expose-gc dist/run-all.js [--quick] [--only load,langgraph] [--margin 2] [--write RESULTS.md]
//
// --quick: smaller sizes and fewer samples, for CI. The run then exits 1 when a
//   ratio misses its target by more than --margin times (default 2): the
//   machines CI runs on are shared, and a busy neighbour moves a ratio by tens
//   of percent from one run to the next (small documents and short runs most),
//   so a check at the target itself would flake; a regression that matters
//   (a quadratic step, a lost fast path) moves a ratio by far more than 2×.
//   The table shows every miss either way. (A margin under 1 fails ratios
//   below their target: only of use to test the check.)
// --check: the same exit code on a full run.
// --write FILE: also write the table as Markdown with the machine, the date
//   and the load average (`pnpm --filter @agentspec/benchmarks results`).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SETUP_JOBS, spawnGated, whenTold } from './fresh-process.js';
import { knownMiss } from './known-misses.js';
import { exitCodeOf, formatTable, verdict, type Benchmark, type Row } from './row.js';

/** The benchmarks, in the order they run; each imported only in its own child process. */
export const BENCHMARKS: Readonly<Record<string, () => Promise<Benchmark>>> = {
  load: async () => (await import('./load.js')).loadBenchmark,
  'yaml-load': async () => (await import('./yaml-load.js')).yamlLoadBenchmark,
  langgraph: async () => (await import('./langgraph.js')).langgraphBenchmark,
  'ai-sdk': async () => (await import('./ai-sdk.js')).aiSdkBenchmark,
  'agent-loop': async () => (await import('./agent-loop.js')).agentLoopBenchmark,
  'openai-agents-flows': async () => (await import('./openai-agents-flows.js')).openaiAgentsFlowsBenchmark,
  mastra: async () => (await import('./mastra.js')).mastraBenchmark,
  'langgraph-shapes': async () => (await import('./langgraph-shapes.js')).langgraphShapesBenchmark,
  'mastra-shapes': async () => (await import('./mastra-shapes.js')).mastraShapesBenchmark,
  emitted: async () => (await import('./emitted.js')).emittedBenchmark,
  'cli-startup': async () => (await import('./cli-startup.js')).cliStartupBenchmark,
  concurrency: async () => (await import('./concurrency.js')).concurrencyBenchmark,
  'parallel-map': async () => (await import('./parallel-map.js')).parallelMapBenchmark,
  soak: async () => (await import('./soak.js')).soakBenchmark,
};

/** What --quick runs unless --only says otherwise: all but the soak, which the test suite runs (tests/soak.test.ts), and the ParallelMapNode figures (no target to check). */
export const QUICK = Object.keys(BENCHMARKS).filter((name) => name !== 'soak' && name !== 'parallel-map');

export const DEFAULT_MARGIN = 2;

export interface RunResult {
  readonly rows: Row[];
  /** Seconds each benchmark took, from its turn to its child's exit (the imports before it, `setup`, overlap: fresh-process.ts). */
  readonly seconds: Record<string, number>;
  readonly totalSeconds: number;
}

const SCRIPT = fileURLToPath(import.meta.url);

/**
 * The named benchmarks, one after the other, each in its own process: the
 * processes of SETUP_JOBS benchmarks start and import at once, then each
 * runs alone (`seconds`: from its turn to its exit; `setup`: the waits for
 * the imports).
 */
export async function runAll(names: readonly string[], quick: boolean, log: (line: string) => void = () => {}): Promise<RunResult> {
  for (const name of names) if (!BENCHMARKS[name]) throw new Error(`no benchmark ${name} (known: ${Object.keys(BENCHMARKS).join(', ')})`);
  const rows: Row[] = [];
  const seconds: Record<string, number> = { setup: 0 };
  const t0 = performance.now();
  for (let i = 0; i < names.length; i += SETUP_JOBS) {
    const batch = names.slice(i, i + SETUP_JOBS);
    const t = performance.now();
    const children = batch.map((name) => spawnGated({ args: ['--expose-gc', SCRIPT, '--child', name, ...(quick ? ['--quick'] : [])], what: `the ${name} benchmark`, inheritStderr: true }));
    try {
      await Promise.all(children.map((c) => c.ready));
      seconds.setup! += (performance.now() - t) / 1000;
      for (const [j, name] of batch.entries()) {
        const started = performance.now();
        log(`${name}…`);
        const last = await children[j]!.go();
        try {
          rows.push(...(JSON.parse(last) as Row[]));
        } catch {
          throw new Error(`the ${name} benchmark printed no rows: ${last.slice(-500)}`);
        }
        seconds[name] = (performance.now() - started) / 1000;
        log(`${name}: ${seconds[name]!.toFixed(1)} s`);
      }
    } finally {
      for (const c of children) if (c.child.exitCode === null) c.child.kill();
    }
  }
  return { rows, seconds, totalSeconds: (performance.now() - t0) / 1000 };
}

/** The machine a run was measured on. */
export function machine(): { cpu: string; cores: number; memoryGb: number; node: string; platform: string } {
  const list = cpus();
  return { cpu: list[0]?.model.trim() ?? 'unknown', cores: list.length, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, platform: `${process.platform} ${process.arch}` };
}

/** For a row past its margin that is a known miss: why, and its ceiling. */
function knownText(r: Row, margin: number): string {
  const k = verdict(r, margin) === 'known' ? knownMiss(r) : undefined;
  return k ? `; known miss (fails over ${k.ceiling}×): ${k.why}` : '';
}

const loads = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

/** RESULTS.md: the machine, the date, the load average, the table, and which targets are not met. */
export function resultsMarkdown(result: RunResult, options: { quick: boolean; margin: number; loadBefore: string; loadAfter: string; date: Date }): string {
  const m = machine();
  const missed = result.rows.filter((r) => ['missed', 'failed', 'known'].includes(verdict(r, options.margin)));
  const notes = [...new Set(result.rows.filter((r) => r.note).map((r) => `- ${r.benchmark}: ${r.note}`))];
  const lines = [
    '# Benchmark results',
    '',
    '<!-- generated by `pnpm --filter @agentspec/benchmarks results` (benchmarks/src/run-all.ts); do not edit by hand -->',
    '',
    `Measured ${options.date.toISOString().slice(0, 16).replace('T', ' ')} UTC${options.quick ? ' (quick run)' : ''} on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}.`,
    `Load average (1 / 5 / 15 min) before the run ${options.loadBefore}, after ${options.loadAfter}: the machine is shared, so wall times`,
    'are noisy; each ratio is a subject and its floor timed in the same process run, interleaved where the benchmark allows.',
    `The run took ${result.totalSeconds.toFixed(0)} s (${Object.entries(result.seconds).map(([n, s]) => `${n} ${s.toFixed(0)} s`).join(', ')}).`,
    'Every sample is preceded by a minor GC (not a forced full one: see the README). Not in this run, since each takes',
    'minutes alone: 100k-node chain flows (load.ts with BENCH_SIZES), the 10 MB YAML document and 200k keys in one mapping (yaml-load.ts with BENCH_YAML),',
    'soaks of 10,000 sessions (soak.ts); the soaks of flows and built agents are in the test suite (tests/soak.test.ts, 2,000 sessions each);',
    'serve-load.ts and eval.ts report throughput, not ratios against a target.',
    `"MISSED (beyond margin)": over ${options.margin}× the target, where \`--quick\` exits 1; "MISSED (known)": the same for a target known to be`,
    'out of reach (src/known-misses.ts: why, and a ceiling over which the row fails anyway).',
    '',
    formatTable(result.rows, options.margin),
    '',
    '## Targets not met',
    '',
    ...(missed.length === 0
      ? ['Every target is met.']
      : missed.map((r) => `- ${r.benchmark}, ${r.case}: ${r.subject.name} ÷ ${r.floor.name} ${r.ratio.toFixed(2)}× (target ≤ ${String(r.target)}×)${knownText(r, options.margin)}`)),
    '',
    '## Where the targets come from',
    '',
    ...notes,
    '',
  ];
  return lines.join('\n');
}

async function child(name: string, quick: boolean): Promise<void> {
  const bench = await BENCHMARKS[name]!();
  await whenTold();
  const rows = await bench({ quick });
  process.stdout.write(`\n${JSON.stringify(rows)}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      only: { type: 'string' },
      margin: { type: 'string', default: String(DEFAULT_MARGIN) },
      write: { type: 'string' },
      child: { type: 'string' },
    },
  });
  if (values.child) return child(values.child, values.quick);
  const margin = Number(values.margin);
  // under 1, ratios fail before they reach their target: only of use to test the check itself
  if (!(margin > 0)) throw new Error(`--margin must be a positive number, not ${values.margin}`);
  const names = values.only ? values.only.split(',').map((s) => s.trim()) : values.quick ? QUICK : Object.keys(BENCHMARKS);
  const loadBefore = loads();
  const date = new Date();
  const result = await runAll(names, values.quick, (line) => process.stderr.write(`${line}\n`));
  const loadAfter = loads();
  console.log(`\n${formatTable(result.rows, margin)}\n`);
  console.log(`${result.rows.length} ratios in ${result.totalSeconds.toFixed(0)} s; load average ${loadBefore} before, ${loadAfter} after`);
  if (values.write) {
    const file = resolve(values.write);
    writeFileSync(file, resultsMarkdown(result, { quick: values.quick, margin, loadBefore, loadAfter, date }));
    console.log(`written: ${file}`);
  }
  if (values.quick || values.check) {
    const code = exitCodeOf(result.rows, margin);
    if (code !== 0) console.log(`a ratio missed its target by more than ${margin}×`);
    process.exitCode = code;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
