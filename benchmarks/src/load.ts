// Load and serialize benchmark (DESIGN §10): generated chain flows of 10 … 100k
// nodes; deserialize ÷ JSON.parse and serialize ÷ JSON.stringify(x, null, 2),
// both measured in this run; and the first load in a fresh process ÷ the
// first JSON.parse in a fresh process (first-load.ts). Targets: ≤ 5× each
// (DESIGN), ≤ 3× (the performance issue), growing linearly with N.
// Run: node --expose-gc dist/load.js [--quick]   (BENCH_SIZES=10,100,1000,10000,100000)
import { pathToFileURL } from 'node:url';
import { deserialize, serialize } from '@agentspec/core';
import { chainFlowDocument, laterChainFlowDocument } from './chain-flow.js';
import { firstLoad } from './first-load.js';
import { batchFor, fastestInterleaved, type Sampling } from './measure.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

/** Sizes of a full run: 100k nodes (~140 MB of JSON, ~40 s) only when BENCH_SIZES asks for it. */
const FULL_SIZES = [10, 100, 1_000, 10_000];
const QUICK_SIZES = [10, 100, 1_000];

export interface LoadResult {
  readonly family: string;
  readonly nodes: number;
  readonly megabytes: number;
  readonly parse: number;
  readonly load: number;
  readonly stringify: number;
  readonly write: number;
  /** First JSON.parse and first deserialize, each in a fresh process (ms). */
  readonly firstParse: number;
  readonly firstLoad: number;
}

const FAMILIES = [['25.4.1 chain flow', chainFlowDocument], ['26.3.1 chain flow', laterChainFlowDocument]] as const;

export function loadSizes(options: BenchOptions): number[] {
  return process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : options.quick ? QUICK_SIZES : FULL_SIZES;
}

/**
 * Samples of one size: batches of ~2,000 nodes' worth of calls (batchFor), at
 * least 5 rounds (3 in a quick run), at most 30, fewer once the minimums
 * settle (measure.ts, Sampling); at 10k nodes and more, where one sample takes
 * a quarter of a second, 2 to 4 rounds (2 when the second beat neither
 * minimum by 3%).
 */
function samplingFor(n: number, options: BenchOptions): Sampling {
  const batch = batchFor(n);
  if (n >= 10_000) return { min: 2, max: options.quick ? 3 : 4, patience: 1, tolerance: 0.03, batch, warmups: 1 };
  return { min: options.quick ? 3 : 5, max: options.quick ? 10 : 30, batch, warmups: 3 * batch };
}

/** Both families at every size: fastest of several samples of each (fewer in a quick run). */
export async function measureLoad(options: BenchOptions): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const [family, generate] of FAMILIES) {
    for (const n of loadSizes(options)) {
      const doc = generate(n);
      const text = JSON.stringify(doc, null, 2);
      const limits = { maxBytes: 1024 * 1024 * 1024 };
      const component = deserialize(text, { limits });
      const parsed = JSON.parse(text);
      // each subject sampled in turn with its floor, until both minimums settle (measure.ts, Sampling)
      const sampling = samplingFor(n, options);
      const { parse, load } = fastestInterleaved({ parse: () => JSON.parse(text), load: () => deserialize(text, { limits }) }, sampling);
      const { stringify, write } = fastestInterleaved({ stringify: () => JSON.stringify(parsed, null, 2), write: () => serialize(component) }, sampling);
      const first = await firstLoad(text, options.quick ? { min: 2, max: 3 } : { min: 2, max: n >= 10_000 ? 3 : 5 });
      results.push({ family, nodes: n, megabytes: text.length / 1e6, parse, load, stringify, write, firstParse: first.parse, firstLoad: first.load });
    }
  }
  return results;
}

export function loadRows(results: readonly LoadResult[]): Row[] {
  const note = 'performance issue ≤ 3×; DESIGN §10 ≤ 5×';
  return results.flatMap((r) => [
    row('load', `${r.family}, ${r.nodes} nodes: load`, { name: 'deserialize', value: r.load, unit: 'ms' }, { name: 'JSON.parse', value: r.parse, unit: 'ms' }, TARGETS.loadSave, note),
    row('load', `${r.family}, ${r.nodes} nodes: save`, { name: 'serialize', value: r.write, unit: 'ms' }, { name: 'JSON.stringify', value: r.stringify, unit: 'ms' }, TARGETS.loadSave, note),
    row('load', `${r.family}, ${r.nodes} nodes: first load (fresh process)`, { name: 'first deserialize', value: r.firstLoad, unit: 'ms' }, { name: 'first JSON.parse', value: r.firstParse, unit: 'ms' }, TARGETS.loadSave, note),
  ]);
}

export async function loadBenchmark(options: BenchOptions): Promise<Row[]> {
  return loadRows(await measureLoad(options));
}

async function main(): Promise<void> {
  const results = await measureLoad({ quick: process.argv.includes('--quick') });
  for (const [family] of FAMILIES) {
    console.log(`\n${family}s\n`);
    console.log('| nodes | text | JSON.parse | load | load ÷ parse | JSON.stringify | serialize | serialize ÷ stringify | first JSON.parse | first load | first load ÷ first parse |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results.filter((x) => x.family === family)) {
      console.log(`| ${r.nodes} | ${r.megabytes.toFixed(2)} MB | ${r.parse.toFixed(2)} ms | ${r.load.toFixed(2)} ms | ${(r.load / r.parse).toFixed(2)}× | ${r.stringify.toFixed(2)} ms | ${r.write.toFixed(2)} ms | ${(r.write / r.stringify).toFixed(2)}× | ${r.firstParse.toFixed(2)} ms | ${r.firstLoad.toFixed(2)} ms | ${(r.firstLoad / r.firstParse).toFixed(2)}× |`);
    }
  }
}

// run when executed, not when imported (the runner imports loadBenchmark)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
