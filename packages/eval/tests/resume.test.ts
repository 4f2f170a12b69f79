import { appendFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareReports, planFromConfig, readEvalConfig, readResults, runEval, toolsFromModule, type EvalPlan } from '../src/index.js';
import { tempFiles } from './helpers.js';

const example = (p: string) => fileURLToPath(new URL(`../../../examples/eval/${p}`, import.meta.url));
const tools = await toolsFromModule(example('customer-service/tools.ts'));
const plan = (): EvalPlan => ({ ...planFromConfig(readEvalConfig(example('customer-service/eval.yaml')), example('customer-service')), runtimes: ['reference'], repeats: 3, concurrency: 2 });
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

describe('resumable results file', () => {
  it('an interrupted eval resumes without running finished items again; each run is counted once', async () => {
    const results = tempFiles()('results.jsonl');
    const stop = new AbortController();
    const first: string[] = [];
    const a = await runEval(plan(), { tools, resultsFile: results, signal: stop.signal, onResult: ({ result }) => {
      first.push(result.key);
      if (first.length === 5) stop.abort();
    } });
    // runs in hand when the abort came are not recorded; nothing new starts
    expect(a.ran).toBe(5);
    expect(a.missing).toBe(12 - 5);
    expect(lines(results)).toHaveLength(1 + 5);
    // a crash mid-write leaves half a line: it is cut off on resume
    appendFileSync(results, '{"type":"result","key":"agent · refe');
    const second: string[] = [];
    const b = await runEval(plan(), { tools, resultsFile: results, onStart: (p) => expect(p).toEqual({ total: 12, done: 5, todo: 7 }), onResult: ({ result }) => second.push(result.key) });
    expect(b.resumed).toBe(5);
    expect(b.ran).toBe(7);
    expect(second.filter((k) => first.includes(k))).toEqual([]);
    const { results: read } = readResults(results);
    expect(read.size).toBe(12);
    expect(lines(results)).toHaveLength(13);
    expect(b.report.results).toHaveLength(12);
    expect(b.report.cells[0]!.runs).toBe(12);
    // a third run has nothing to do
    const c = await runEval(plan(), { tools, resultsFile: results });
    expect([c.ran, c.resumed, c.missing]).toEqual([0, 12, 0]);
  });

  it('refuses a results file of another dataset unless fresh', async () => {
    const results = tempFiles()('results.jsonl');
    await runEval({ ...plan(), repeats: 1 }, { tools, resultsFile: results });
    const other = { ...plan(), repeats: 1, dataset: { ...plan().dataset, items: plan().dataset.items.slice(1), hash: 'other' } };
    await expect(runEval(other, { tools, resultsFile: results })).rejects.toThrow(/AS_EVAL_RESULTS: .* holds results of another dataset/);
    const fresh = await runEval(other, { tools, resultsFile: results, fresh: true });
    expect(fresh.ran).toBe(3);
  });
});

describe('comparison with a baseline', () => {
  it('a lower score is a regression naming the cell, the figure and the items that got worse', async () => {
    const p = { ...plan(), repeats: 1 };
    const { report: baseline } = await runEval(p, { tools });
    const worse = { ...p, dataset: { ...p.dataset, items: p.dataset.items.map((i) => (i.id === 'status-shipped' ? { ...i, scripted: [{ match: {}, answer: { text: 'No idea.' } }] } : i)) } };
    const { report } = await runEval(worse, { tools, baseline });
    const c = report.comparison!;
    expect(c.regressions.map((r) => r.figure)).toEqual(['metric:trajectory', 'metric:reply', 'passRate', 'pass^1']);
    expect(c.regressions[0]).toEqual({ cell: 'agent · reference · spec', figure: 'metric:trajectory', baseline: 1, current: 0.75 });
    expect(c.itemsWorse).toEqual([{ cell: 'agent · reference · spec', itemId: 'status-shipped', baseline: 1, current: 0 }]);
    expect(compareReports(report, baseline, 0.3).regressions).toEqual([]);
    expect(compareReports(baseline, report).improvements.map((r) => r.figure)).toContain('passRate');
  });
});
