// `agentspec` startup benchmark (DESIGN §10): how long `agentspec validate` of
// a small spec, YAML and the same as JSON (which loads no YAML parser), takes
// from process start to exit, and its peak resident memory,
// against a floor measured the same way in the same run: a node process that
// runs the same wrapper and imports nothing (`node -e 0` plus the wrapper).
// Each process reports its own peak RSS (process.resourceUsage().maxRSS) at
// exit; wall time is the fastest spawn-to-exit over several runs.
// Run: node benchmarks/dist/cli-startup.js (after pnpm build).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deserialize, serialize } from '@agentspec/core';
import { row, type BenchOptions, type Row } from './row.js';

export const BIN = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
export const SMALL_SPEC = fileURLToPath(new URL('../../examples/specs/weather-agent.yaml', import.meta.url));

/** `fn` given SMALL_SPEC written as JSON (by serialize) in a temporary directory, removed after. */
export function withJsonSpec<T>(fn: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-cli-startup-'));
  try {
    const file = join(dir, 'weather-agent.json');
    writeFileSync(file, serialize(deserialize(readFileSync(SMALL_SPEC, 'utf8'))));
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The small spec's validate, as YAML and as JSON. */
function measureBoth(runs: number): { format: 'YAML' | 'JSON'; floor: Sample; subject: Sample }[] {
  const both = [
    { format: 'YAML' as const, ...measure(['validate', SMALL_SPEC], runs) },
    { format: 'JSON' as const, ...withJsonSpec((file) => measure(['validate', file], runs)) },
  ];
  for (const m of both) if (m.subject.status !== 0) throw new Error(`agentspec validate of the ${m.format} spec exited ${m.subject.status}`);
  return both;
}

/** Runs the command of BENCH_ARGV (none: the floor) and writes its peak RSS in KB to fd 3 at exit. */
const WRAPPER = `
import { writeSync } from 'node:fs';
process.on('exit', () => writeSync(3, String(process.resourceUsage().maxRSS)));
const argv = JSON.parse(process.env.BENCH_ARGV);
if (argv.length > 0) {
  process.argv = [process.argv[0], ...argv];
  await import(${JSON.stringify(pathToFileURL(BIN).href)});
}
`;

export interface Sample {
  readonly ms: number;
  readonly rssMb: number;
  readonly status: number | null;
}

/** One process: wall time from spawn to exit, its peak RSS, its exit code. `argv` is [bin, ...args], or [] for the floor. */
export function sample(argv: readonly string[]): Sample {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', WRAPPER], {
    env: { ...process.env, BENCH_ARGV: JSON.stringify(argv) },
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { ms, rssMb: Number(r.output[3]) / 1024, status: r.status };
}

/** Fastest wall time and smallest peak RSS over `runs` interleaved samples of floor and subject (after one warm-up each). */
export function measure(args: readonly string[], runs: number): { floor: Sample; subject: Sample } {
  sample([]);
  sample([BIN, ...args]);
  let floor: Sample = { ms: Infinity, rssMb: Infinity, status: 0 };
  let subject: Sample = { ms: Infinity, rssMb: Infinity, status: 0 };
  const best = (a: Sample, b: Sample): Sample => ({ ms: Math.min(a.ms, b.ms), rssMb: Math.min(a.rssMb, b.rssMb), status: b.status });
  for (let i = 0; i < runs; i++) {
    floor = best(floor, sample([]));
    subject = best(subject, sample([BIN, ...args]));
  }
  return { floor, subject };
}

/** The CLI's budgets (absolute: reported against, not checked, since a wall time on a shared machine says little). */
export const BUDGET = { ms: 400, rssMb: 120 };

export async function cliStartupBenchmark(options: BenchOptions): Promise<Row[]> {
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 4 : 8));
  return measureBoth(runs).flatMap(({ format, floor, subject }) => {
    const kase = `agentspec validate of a small ${format} spec, process start to exit`;
    return [
      row('cli-startup', `${kase}: wall time`, { name: 'agentspec validate', value: subject.ms, unit: 'ms' }, { name: 'node -e 0', value: floor.ms, unit: 'ms' },
        null, `budgets ≤ ${BUDGET.ms} ms and ≤ ${BUDGET.rssMb} MB peak RSS (absolute, reported): measured ${subject.ms.toFixed(0)} ms, ${subject.rssMb.toFixed(1)} MB`),
      row('cli-startup', `${kase}: peak RSS`, { name: 'agentspec validate', value: subject.rssMb, unit: 'MB' }, { name: 'node -e 0', value: floor.rssMb, unit: 'MB' }, null),
    ];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.env.BENCH_RUNS ?? 10);
  const f = (n: number, unit: string) => `${n.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`;
  console.log(`agentspec validate (small spec) vs node -e 0, fastest of ${runs}:`);
  console.log(`| spec | what | node -e 0 | agentspec validate | ratio | budget |`);
  console.log(`| --- | --- | ---: | ---: | ---: | --- |`);
  for (const { format, floor, subject } of measureBoth(runs)) {
    console.log(`| ${format} | wall time | ${f(floor.ms, 'ms')} | ${f(subject.ms, 'ms')} | ${(subject.ms / floor.ms).toFixed(1)}× | ≤ ${BUDGET.ms} ms |`);
    console.log(`| ${format} | peak RSS | ${f(floor.rssMb, 'MB')} | ${f(subject.rssMb, 'MB')} | ${(subject.rssMb / floor.rssMb).toFixed(1)}× | ≤ ${BUDGET.rssMb} MB |`);
  }
}
