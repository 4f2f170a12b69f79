// ParallelMapNode benchmark (the parallel-flows issue): a flow that maps N
// items (1,000 run alone; 50 in `pnpm bench`: BENCH_ITEMS) through a subflow with one LlmNode,
// against the scripted LLM server in its own process (it answers at once).
// Per runtime, each in a fresh node process: the ParallelMapNode's time per
// item (limits.parallelism 16) and the sequential MapNode's over the same
// items. Rows: ParallelMapNode ÷ MapNode per runtime (the overhead of running
// iterations as parallel tasks when the LLM costs nothing), and each
// runtime's ParallelMapNode ÷ the reference interpreter's. Reported figures:
// the issue asks for them, it sets no target. `pnpm bench` maps 50 items (it
// mapped 100 until 2026-11-28): still 3 waves of the 16 parallel tasks after a
// warm-up over 20, at half the time (LangGraph's and Mastra's runs took
// 0.7–1 s each at 100 items, most of this benchmark's 15 s with the setups).
// A run's fixed cost (a session, its start and end nodes) weighs twice as
// much per item at 50 as at 100, on both nodes alike.
// Run: node --expose-gc dist/parallel-map.js [--items 1000] [--runtime langgraph]
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ADAPTER_NAMES, loadAdapter } from '@agentspec/adapters';
import { deserialize, type Component } from '@agentspec/core';
import { inFreshProcesses, whenTold } from './fresh-process.js';
import { startLlmProcess } from './llm-process.js';
import { mapFlowDocument } from './map-flow.js';
import { fastestInterleavedAsync } from './measure.js';
import { row, type BenchOptions, type Row } from './row.js';

export { mapFlowDocument } from './map-flow.js';

/** Every LLM call answers "done" at once. */
const RULES = { rules: [], defaultAnswer: { text: 'done' } };

export interface MapResult {
  readonly runtime: string;
  readonly items: number;
  /** Milliseconds for the whole run of each flow. */
  readonly sequentialMs: number;
  readonly parallelMs: number;
}

/**
 * One runtime in this process: both flows loaded, a warm-up run of each over
 * 20 items, then (once `ready` resolves: fresh-process.ts) `runs` runs over
 * `items` items, the two flows in turn, the better of them.
 */
export async function measureMaps(runtime: string, items: number, url: string, runs: number, ready: () => Promise<void> = async () => {}): Promise<MapResult> {
  const adapter = await loadAdapter(runtime);
  const options = { llm: { override: { url, apiKey: 'sk-bench', model: 'scripted-model' } }, limits: { parallelism: 16, maxSteps: 100 * items } };
  const apps = { MapNode: await adapter.runtime().load(deserialize(mapFlowDocument('MapNode')) as Component, options), ParallelMapNode: await adapter.runtime().load(deserialize(mapFlowDocument('ParallelMapNode')) as Component, options) };
  try {
    const runOf = (kind: 'MapNode' | 'ParallelMapNode', n: number) => async (): Promise<void> => {
      const status = await apps[kind].start({ inputs: { iterated_item: Array.from({ length: n }, (_, i) => `item ${i}`) } }).run();
      if (status.type !== 'finished' || (status.outputs.collected_value as unknown[]).length !== n) throw new Error(`${runtime} ${kind}: the run ended ${status.type}`);
    };
    await runOf('MapNode', Math.min(20, items))();
    await runOf('ParallelMapNode', Math.min(20, items))();
    await ready();
    const best = await fastestInterleavedAsync({ sequential: runOf('MapNode', items), parallel: runOf('ParallelMapNode', items) }, { min: runs, max: runs, warmups: 0, clock: 'wall' });
    return { runtime, items, sequentialMs: best.sequential, parallelMs: best.parallel };
  } finally {
    await Promise.all([apps.MapNode.close(), apps.ParallelMapNode.close()]);
  }
}

const ALL_RUNTIMES = ['reference', ...ADAPTER_NAMES.filter((n) => n !== 'reference')];

/**
 * Every runtime (the reference first), each in a fresh node process, against
 * one scripted LLM server in its own: the processes set up (imports, apps,
 * warm-up) a core's worth at a time and measure one at a time (fresh-process.ts).
 */
export async function measureAllMaps(runtimes: readonly string[], items: number, runs: number): Promise<MapResult[]> {
  const llm = await startLlmProcess(RULES);
  try {
    const lines = await inFreshProcesses(runtimes.map((runtime) => ({
      args: ['--expose-gc', fileURLToPath(import.meta.url), '--child', '--runtime', runtime, '--items', String(items), '--runs', String(runs), '--url', llm.url],
      what: `the ${runtime} parallel-map child`,
    })));
    return lines.map((line) => JSON.parse(line) as MapResult);
  } finally {
    llm.stop();
  }
}

const perItem = (ms: number, items: number) => ({ value: (ms / items) * 1000, unit: 'µs/item' });

/** ParallelMapNode ÷ MapNode per runtime, and each runtime's ParallelMapNode ÷ the reference's (reported, no target): 50 items (BENCH_ITEMS). */
export async function parallelMapBenchmark(options: BenchOptions): Promise<Row[]> {
  const items = Number(process.env.BENCH_ITEMS ?? 50);
  const results = await measureAllMaps(ALL_RUNTIMES, items, options.quick ? 1 : 2);
  const reference = results[0]!;
  const note = 'reported: the parallel-flows issue asks for the figure (an instant LLM: the cost of the iterations as parallel tasks)';
  return results.flatMap((r) => [
    row('parallel-map', `${r.runtime}: ParallelMapNode over ${items} items ÷ the sequential MapNode`, { name: 'ParallelMapNode', ...perItem(r.parallelMs, items) }, { name: 'MapNode', ...perItem(r.sequentialMs, items) }, null, note),
    ...(r === reference ? [] : [row('parallel-map', `${r.runtime}: ParallelMapNode over ${items} items ÷ the reference's`, { name: r.runtime, ...perItem(r.parallelMs, items) }, { name: 'reference', ...perItem(reference.parallelMs, items) }, null, note)]),
  ]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { items: { type: 'string', default: '1000' }, runs: { type: 'string', default: '2' }, runtime: { type: 'string' }, url: { type: 'string' }, child: { type: 'boolean' } } });
  const items = Number(values.items);
  if (values.child) {
    process.stdout.write(`${JSON.stringify(await measureMaps(values.runtime!, items, values.url!, Number(values.runs), whenTold))}\n`);
    return;
  }
  const results = await measureAllMaps(values.runtime ? [values.runtime] : ALL_RUNTIMES, items, Number(values.runs));
  console.log(`a flow mapping ${items} items through one LlmNode each, scripted LLM in its own process`);
  console.log('| runtime | MapNode µs/item | ParallelMapNode µs/item | parallel ÷ sequential |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.runtime} | ${((r.sequentialMs / items) * 1000).toFixed(0)} | ${((r.parallelMs / items) * 1000).toFixed(0)} | ${(r.parallelMs / r.sequentialMs).toFixed(2)}× |`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
