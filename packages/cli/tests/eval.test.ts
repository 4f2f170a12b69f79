import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentspec, BIN, NOT_A_BUG, ROOT } from './bin-process.js';
import { cli, tempFiles } from './helpers.js';

const example = (p: string) => `${ROOT}examples/eval/${p}`;
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

describe('agentspec eval', () => {
  it('runs an eval config, prints the matrix and writes report.json, junit.xml, report.html and the results file', async () => {
    const files = tempFiles({});
    const out = files('out');
    const r = await cli('eval', example('qa/eval.yaml'), '--runtimes', 'reference', '--out', out);
    expect(r.stderr).not.toMatch(NOT_A_BUG);
    expect(r.code).toBe(0);
    // F1 by hand: 1 + 2/3 (Everest) + 1/2 (100 degrees Celsius) + 0 (Sydney) + 1 + 1 + 1 (the Nile) + 2/3 (da Vinci, in the early 1500s) = 5.8333 / 8
    expect(r.stdout).toMatch(/agent\s+reference\s+spec\s+72\.9\s+50\.0\s+87\.5\s/);
    expect(r.stderr).toContain('8 runs: 8 items × 1 repeat(s) × 1 cell(s)');
    const report = JSON.parse(readFileSync(`${out}/report.json`, 'utf8'));
    expect(report).toMatchObject({ format: 'agentspec-eval-report', version: 1, name: 'qa', dataset: { name: 'dataset', items: 8 }, metrics: ['f1', 'exact_normalized'], passMetric: 'f1' });
    expect(report.cells[0].metrics.f1.mean).toBeCloseTo(5.8333333 / 8, 5);
    // tokens reported by the reference runtime's LLM spans, priced by the table
    expect(report.cells[0].tokens.runsWithUsage).toBe(8);
    expect(report.cells[0].cost).toBeCloseTo((report.cells[0].tokens.input * 0.4 + report.cells[0].tokens.output * 1.6) / 1e6, 10);
    expect(readFileSync(`${out}/junit.xml`, 'utf8')).toMatch(/<testsuite name="agent · reference · spec" tests="8" failures="1" errors="0"/);
    expect(readFileSync(`${out}/report.html`, 'utf8')).toContain('<title>agentspec eval — qa</title>');
    expect(lines(`${out}/results.jsonl`)).toHaveLength(9);
  });

  it('takes a dataset and the options instead of a config; usage mistakes exit 2', async () => {
    const files = tempFiles({});
    const r = await cli('eval', example('qa/dataset.jsonl'), '--spec', example('qa/agent.yaml'), '--offline', example('qa/scripted.yaml'), '--metric', 'f1', '--metric', 'exact:{"normalize":true}', '--out', files('o'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/reference\s+spec\s+72\.9\s+50\.0/);
    expect((await cli('eval', example('qa/dataset.jsonl'), '--metric', 'f1')).stderr).toMatch(/AS_MISSING_ARGUMENT: no spec to evaluate/);
    const unknown = await cli('eval', example('qa/eval.yaml'), '--runtimes', 'nope');
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/AS_UNKNOWN_RUNTIME: unknown runtime 'nope'/)]);
    expect((await cli('eval', example('qa/eval.yaml'), '--metric', 'numeric:{bad')).code).toBe(2);
    const metric = await cli('eval', example('qa/eval.yaml'), '--metric', 'bleu', '--out', files('o2'));
    expect([metric.code, metric.stderr]).toEqual([1, expect.stringMatching(/AS_EVAL_METRIC: unknown metric 'bleu'/)]);
  });

  it('--compare marks regressions and exits 1; the same results exit 0', async () => {
    const files = tempFiles({});
    const base = await cli('eval', example('qa/eval.yaml'), '--runtimes', 'reference', '--out', files('base'));
    expect(base.code).toBe(0);
    const same = await cli('eval', example('qa/eval.yaml'), '--runtimes', 'reference', '--out', files('same'), '--compare', files('base/report.json'));
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('0 regression(s)');
    // a worse model: Canberra still wrong, and Austen now wrong too (rules file of the run given on the command line)
    writeFileSync(files('worse.yaml'), 'rules:\n  - { match: { lastUserMessage: { contains: Pride } }, answer: { text: "Charlotte Bronte" } }\n');
    const worse = await cli('eval', example('qa/dataset.jsonl'), '--spec', example('qa/agent.yaml'), '--offline', files('worse.yaml'), '--metric', 'f1', '--metric', 'exact:{"normalize":true}', '--pass', 'f1',
      '--out', files('worse'), '--compare', files('base/report.json'));
    expect(worse.code).toBe(1);
    expect(worse.stdout).toMatch(/regression: agent · reference · spec: metric:f1 0\.729167 → 0/);
    expect(worse.stdout).toMatch(/item austen \(agent · reference · spec\) passed 100\.0% → 0\.0%/);
    const report = JSON.parse(readFileSync(files('worse/report.json'), 'utf8'));
    expect(report.comparison.regressions.length).toBeGreaterThan(0);
    expect(readFileSync(files('worse/report.html'), 'utf8')).toContain('class="banner bad"');
    const bad = await cli('eval', example('qa/eval.yaml'), '--compare', files('worse.yaml'));
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/AS_NOT_JSON/)]);
  });

  it('resumes after the process is killed: finished runs are kept and not run again', async () => {
    const files = tempFiles({});
    // every answer takes 150 ms: the eval is killed while it runs
    writeFileSync(files('slow.yaml'), 'rules:\n  - { match: {}, answer: { delayMs: 150, text: "Jane Austen" } }\n');
    const args = ['eval', example('qa/dataset.jsonl'), '--spec', example('qa/agent.yaml'), '--offline', files('slow.yaml'), '--metric', 'f1', '--repeats', '3', '--concurrency', '1', '--out', files('out')];
    const results = files('out/results.jsonl');
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: 'ignore' });
    const killedAt = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const n = existsSync(results) ? lines(results).length - 1 : 0;
        if (n >= 4) {
          clearInterval(timer);
          child.kill('SIGKILL');
          resolve(n);
        }
      }, 20);
      child.on('exit', () => reject(new Error('the eval ended before it was killed')));
    });
    await new Promise((resolve) => child.on('close', resolve));
    const before = lines(results);
    expect(before.length - 1).toBeGreaterThanOrEqual(killedAt);
    expect(before.length - 1).toBeLessThan(24);
    const again = agentspec(args);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`resuming ${results}: ${before.length - 1} of 24 runs done, ${24 - (before.length - 1)} to run`);
    const after = lines(results);
    expect(after.slice(0, before.length)).toEqual(before); // what was done is kept as it was
    const keys = after.slice(1).map((l) => JSON.parse(l).key as string);
    expect(keys).toHaveLength(24);
    expect(new Set(keys).size).toBe(24);
    expect(JSON.parse(readFileSync(files('out/report.json'), 'utf8')).cells[0].runs).toBe(24);
  });
});
