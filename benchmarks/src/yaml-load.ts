// YAML load benchmark (DESIGN §10): load(text) of YAML documents of 10 kB …
// 10 MB and of one mapping with 200k keys, against the plain parse of the same
// text by the `yaml` package core uses (`parse(text, { uniqueKeys: false })`),
// both measured in this run (CPU time of the process, samples interleaved).
// Target: ≤ 2×, whatever the size.
// Run: node --expose-gc dist/yaml-load.js [--quick]   (BENCH_YAML=10 kB,10 MB: prefixes of the documents' names)
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { load } from '@agentspec/core';
import { chainFlowDocument } from './chain-flow.js';
import { manyKeysYaml } from './many-keys.js';
import { fastestInterleaved, type Sampling } from './measure.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';


// the very copy of `yaml` that @agentspec/core loads
const yamlPath = createRequire(import.meta.resolve('@agentspec/core')).resolve('yaml');
interface Yaml {
  parse(text: string, options?: { uniqueKeys?: boolean }): unknown;
  stringify(value: unknown): string;
}
const yaml = (await import(pathToFileURL(yamlPath).href)) as Yaml;

const limits = { maxBytes: 1024 * 1024 * 1024 };

/** A chain flow written as YAML, grown until its text reaches `bytes`. */
function chainFlowYaml(bytes: number): string {
  const per = yaml.stringify(chainFlowDocument(102)).length / 100;
  return yaml.stringify(chainFlowDocument(Math.max(3, Math.round(bytes / per))));
}

/** The documents: name, text. Built on demand (the 10 MB one takes seconds to write). */
const DOCUMENTS: readonly [string, () => string][] = [
  ['10 kB chain flow', () => chainFlowYaml(10_000)],
  ['100 kB chain flow', () => chainFlowYaml(100_000)],
  ['1 MB chain flow', () => chainFlowYaml(1_000_000)],
  ['10 MB chain flow', () => chainFlowYaml(10_000_000)],
  ['100k keys in one mapping', () => manyKeysYaml(100_000)],
  ['200k keys in one mapping', () => manyKeysYaml(200_000)],
];

/** Which documents a run measures: BENCH_YAML (prefixes of their names), else the small ones in a quick run, all but the 10 MB one (~2 min alone) and the 200k keys (12 s; 100k keys show a quadratic key check as well) in a full run. */
function selected(options: BenchOptions): string[] {
  const only = process.env.BENCH_YAML?.split(',');
  const names = DOCUMENTS.map(([name]) => name);
  if (only) return names.filter((name) => only.some((o) => name.startsWith(o)));
  return options.quick ? ['10 kB chain flow', '100 kB chain flow'] : names.filter((name) => !name.startsWith('10 MB') && !name.startsWith('200k'));
}

export interface YamlLoadResult {
  readonly name: string;
  readonly megabytes: number;
  readonly parse: number;
  readonly load: number;
}

export function measureYamlLoad(options: BenchOptions): YamlLoadResult[] {
  const results: YamlLoadResult[] = [];
  for (const [name, make] of DOCUMENTS) {
    if (!selected(options).includes(name)) continue;
    const text = make();
    // floor and subject sampled in turn, in CPU time of this process, so that other work on a shared machine hits both alike;
    // documents over 200 kB (a sample of a second or more) are timed without a warm-up (what a first call compiles is a few
    // milliseconds of a second) and stop at 2 rounds when the second did not beat the first by 5%: a long sample's minimum
    // settles at once
    const big = text.length > 200_000;
    const sampling: Sampling = big
      ? { min: 2, max: 3, patience: 1, tolerance: 0.05, warmups: 0, clock: 'cpu' }
      : { min: options.quick ? 3 : 5, max: options.quick ? 5 : 10, batch: text.length < 50_000 ? (options.quick ? 5 : 10) : 1, warmups: 2, clock: 'cpu' };
    let result: ReturnType<typeof load> | undefined; // the first load's, checked below
    const loadOnce = () => {
      const r = load(text, { limits });
      result ??= r;
      return r;
    };
    const { parse, load: loaded } = fastestInterleaved({ parse: () => yaml.parse(text, { uniqueKeys: false }), load: loadOnce }, sampling);
    if (result!.diagnostics.some((d) => d.severity === 'error')) throw new Error(`${name}: ${result!.diagnostics[0]?.message}`);
    results.push({ name, megabytes: text.length / 1e6, parse, load: loaded });
  }
  return results;
}

export async function yamlLoadBenchmark(options: BenchOptions): Promise<Row[]> {
  return measureYamlLoad(options).map((r) => row('yaml-load', r.name, { name: 'load', value: r.load, unit: 'ms CPU' }, { name: 'yaml parse', value: r.parse, unit: 'ms CPU' }, TARGETS.yamlLoad));
}

function main(): void {
  console.log('| document | text | yaml parse | load | load ÷ parse |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of measureYamlLoad({ quick: process.argv.includes('--quick') })) {
    console.log(`| ${r.name} | ${r.megabytes.toFixed(2)} MB | ${r.parse.toFixed(2)} ms | ${r.load.toFixed(2)} ms | ${(r.load / r.parse).toFixed(2)}× |`);
  }
}

// run when executed, not when imported (the runner imports yamlLoadBenchmark)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
