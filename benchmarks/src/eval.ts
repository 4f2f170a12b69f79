/**
 * `@agentspec/eval` throughput and overhead (not part of the test suite):
 *
 * 1. harness overhead per item: the same items run (a) straight on the
 *    reference runtime, app loaded once, one session per item; (b) the same
 *    with a fresh scripted server and app per item (what the harness does for
 *    isolation and per-item timeouts); (c) through `runEval` (concurrency 1):
 *    (b) plus tracing, scoring, the results file;
 * 2. items/s of `agentspec eval --queue` with 1, 2 and 4 `agentspec worker`
 *    processes on Redis (AGENTSPEC_TEST_REDIS_URL, e.g. from
 *    scripts/ensure-redis.sh start), and of a local run at the same
 *    concurrencies.
 *
 * The scripted LLM answers at once, so the figures are the harness's cost.
 * `BENCH_ITEMS` (default 60) sets the dataset size, `BENCH_SAMPLES` (default 3)
 * the samples per figure (the fastest is reported).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize } from '@agentspec/core';
import { datasetFromItems, queueExecutor, runEval, type EvalPlan } from '@agentspec/eval';
import { referenceRuntime } from '@agentspec/runtime';
import { startScriptedLlm, type Rule } from '@agentspec/testing';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 60);
const REDIS = process.env.AGENTSPEC_TEST_REDIS_URL;
const BIN = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));

const SPEC = `component_type: Agent
id: a
name: bench agent
system_prompt: Answer.
llm_config: { component_type: OpenAiCompatibleConfig, id: l, name: l, model_id: m, url: "http://127.0.0.1:9" }
agentspec_version: 25.4.1
`;
const RULES: Rule[] = [{ match: {}, answer: { text: 'the answer' } }];
const question = (i: number) => `question ${i}`;

const perItem = (ms: number) => `${(ms / ITEMS).toFixed(2)} ms/item`;

async function direct(): Promise<{ once: number; perItemLoad: number }> {
  const component = deserialize(SPEC);
  const llm = await startScriptedLlm(RULES);
  const app = await referenceRuntime().load(component, { llm: { override: { url: llm.url, apiKey: 'x' } } });
  const t0 = performance.now();
  for (let i = 0; i < ITEMS; i++) {
    const s = app.start();
    s.appendUserMessage(question(i));
    await s.run();
  }
  const once = performance.now() - t0;
  await app.close();
  await llm.close();
  const t1 = performance.now();
  for (let i = 0; i < ITEMS; i++) {
    const server = await startScriptedLlm(RULES);
    const fresh = await referenceRuntime().load(component, { llm: { override: { url: server.url, apiKey: 'x' } } });
    const s = fresh.start();
    s.appendUserMessage(question(i));
    await s.run();
    await fresh.close();
    await server.close();
  }
  return { once, perItemLoad: performance.now() - t1 };
}

function plan(concurrency: number, name = 'bench'): EvalPlan {
  return {
    name,
    dataset: datasetFromItems('bench', Array.from({ length: ITEMS }, (_, i) => ({ input: question(i), expected: 'the answer' })), { scripted: RULES }),
    specs: [{ id: 'agent', text: SPEC }],
    runtimes: ['reference'],
    llms: [{ id: 'spec' }],
    repeats: 1,
    metrics: ['exact'],
    offline: true,
    concurrency,
  };
}

async function harness(concurrency: number, resultsFile?: string): Promise<number> {
  const t0 = performance.now();
  const { report } = await runEval(plan(concurrency), resultsFile ? { resultsFile, fresh: true } : {});
  if (report.cells[0]!.metrics.exact!.mean !== 1) throw new Error('the bench eval did not pass');
  return performance.now() - t0;
}

async function distributed(workers: number): Promise<number> {
  const name = `agentspec-eval-bench-${process.pid}-${workers}`;
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < workers; i++) {
    const child = spawn(process.execPath, [BIN, 'worker', '--queue', REDIS!, '--queue-name', name], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    ready.push(new Promise((resolve) => {
      let text = '';
      child.stderr!.setEncoding('utf8').on('data', (t: string) => {
        text += t;
        if (/^worker /m.test(text)) resolve();
      });
    }));
  }
  await Promise.all(ready);
  try {
    let best = Infinity;
    for (let sample = 0; sample < SAMPLES; sample++) {
      // another plan name each sample: other job ids, so nothing is taken from the previous sample
      const p = plan(1, `bench-${workers}-${sample}`);
      const q = await queueExecutor(p, { url: REDIS!, name });
      try {
        const t0 = performance.now();
        const { report } = await runEval(p, { executor: q.executor });
        best = Math.min(best, performance.now() - t0);
        if (report.results.length !== ITEMS) throw new Error('runs missing');
      } finally {
        await q.close();
      }
    }
    return best;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((resolve) => c.on('close', resolve))));
  }
}

/** Samples per figure: the fastest counts (the least disturbed by other load on a shared machine). */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3);
const best = async (f: () => Promise<number>) => {
  let b = Infinity;
  for (let i = 0; i < SAMPLES; i++) b = Math.min(b, await f());
  return b;
};

const rate = (ms: number) => `${((ITEMS / ms) * 1000).toFixed(1)} items/s`;

async function main(): Promise<void> {
  console.log(`@agentspec/eval — ${ITEMS} items, reference runtime, instant scripted LLM`);
  await harness(1); // warm-up
  await direct();
  const runs = [];
  for (let i = 0; i < SAMPLES; i++) runs.push(await direct());
  const d = { once: Math.min(...runs.map((r) => r.once)), perItemLoad: Math.min(...runs.map((r) => r.perItemLoad)) };
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-eval-bench-'));
  const h = await best(() => harness(1, join(dir, 'results.jsonl')));
  rmSync(dir, { recursive: true, force: true });
  console.log('\nharness overhead per item (concurrency 1):');
  console.log(`  direct, app loaded once:                  ${perItem(d.once)}`);
  console.log(`  direct, fresh scripted server + app/item: ${perItem(d.perItemLoad)}`);
  console.log(`  runEval (+ trace, scoring, results file): ${perItem(h)}`);
  console.log(`  overhead vs direct (loaded once):         ${((h - d.once) / ITEMS).toFixed(2)} ms/item (${(h / d.once).toFixed(2)}×)`);
  console.log(`  overhead vs direct (fresh per item):      ${((h - d.perItemLoad) / ITEMS).toFixed(2)} ms/item (${(h / d.perItemLoad).toFixed(2)}×)`);
  console.log('\nlocal runEval:');
  for (const c of [1, 2, 4]) console.log(`  concurrency ${c}: ${rate(await best(() => harness(c)))}`);
  if (!REDIS) {
    console.log('\ndistributed: skipped (set AGENTSPEC_TEST_REDIS_URL, e.g. $(bash scripts/ensure-redis.sh start))');
    return;
  }
  console.log(`\nagentspec eval --queue with agentspec worker processes (concurrency 1 each):`);
  for (const w of [1, 2, 4]) console.log(`  ${w} worker(s): ${rate(await distributed(w))}`);
}

await main();
