import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from './bin-process.js';
import { tempFiles } from './helpers.js';

/**
 * `agentspec eval --queue` with three `agentspec worker` processes on a real
 * Redis (Debian's redis-server: scripts/test-all.sh starts one with
 * scripts/ensure-redis.sh and exports AGENTSPEC_TEST_REDIS_URL). Without it
 * the test is skipped, saying so.
 */
const REDIS = process.env.AGENTSPEC_TEST_REDIS_URL;
const SKIPPED = REDIS ? '' : ' — SKIPPED: AGENTSPEC_TEST_REDIS_URL is not set (export it from bash scripts/ensure-redis.sh start, as scripts/test-all.sh does)';

interface Proc {
  child: ChildProcess;
  stderr: string;
  exited: Promise<number | null>;
}

const procs: Proc[] = [];
function start(args: readonly string[]): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const p: Proc = { child, stderr: '', exited: new Promise((resolve) => child.on('close', resolve)) };
  child.stderr!.setEncoding('utf8').on('data', (t: string) => (p.stderr += t));
  child.stdout!.resume();
  procs.push(p);
  return p;
}
afterAll(() => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

const until = async (what: string, ok: () => boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe(`agentspec eval --queue with three workers${SKIPPED}`, () => {
  it.skipIf(!REDIS)('gathers every run once in one report; a worker killed mid-item loses it to another worker', async () => {
    const queue = `agentspec-eval-test-${process.pid}-${Date.now()}`;
    const cs = (p: string) => `${ROOT}examples/eval/customer-service/${p}`;
    const dataset = readFileSync(cs('dataset.yaml'), 'utf8') + `
  - id: slow-lookup
    messages: ["Where is my order A1001?"]
    expected: "shipped"
    trajectory: [{ tool: lookup_order }]
    scripted:
      - match: { lastToolResult: { tool: lookup_order } }
        answer: { text: "A1001 has shipped." }
      - match: { lastUserMessage: { contains: A1001 } }
        answer: { delayMs: 2500, toolCalls: [{ name: lookup_order, arguments: { order_id: A1001 } }] }
`;
    const files = tempFiles({ 'dataset.yaml': dataset });
    writeFileSync(files('eval.yaml'), `name: distributed
dataset: dataset.yaml
spec: ${cs('agent.yaml')}
tools: ${cs('tools.ts')}
runtimes: [reference, ai-sdk]
repeats: 2
offline: true
concurrency: 4
metrics: [trajectory, { metric: regex, flags: i, name: reply }]
pass: trajectory
`);
    const workers = [1, 2, 3].map(() => start(['worker', '--queue', REDIS!, '--queue-name', queue, '--lock-ms', '1500']));
    await until('three workers', () => workers.every((w) => /^worker \S+ on redis:/m.test(w.stderr)));
    const ids = workers.map((w) => /^worker (\S+) on/m.exec(w.stderr)![1]!);
    const coordinator = start(['eval', files('eval.yaml'), '--queue', REDIS!, '--queue-name', queue, '--out', files('out')]);

    // the first worker to start the slow item is killed in the middle of it
    let victim = -1;
    await until('a worker to start the slow item', () => (victim = workers.findIndex((w) => /^start agent · \S+ · spec · slow-lookup · \d/m.test(w.stderr))) >= 0);
    const slowKey = /^start (agent · \S+ · spec · slow-lookup · \d)/m.exec(workers[victim]!.stderr)![1]!;
    workers[victim]!.child.kill('SIGKILL');
    await workers[victim]!.exited;
    expect(workers[victim]!.stderr).not.toMatch(new RegExp(`^done ${slowKey}`, 'm'));

    expect(await coordinator.exited).toBe(0);
    expect(coordinator.stderr).toMatch(/queued 20 run\(s\) on redis:\/\/127\.0\.0\.1:\d+\/?; waiting for workers/);
    const results = readFileSync(files('out/results.jsonl'), 'utf8').split('\n').filter(Boolean).slice(1).map((l) => JSON.parse(l) as { key: string; worker: string; error?: unknown; pass: boolean });
    // 5 items × 2 repeats × 2 runtimes, each counted once
    expect(results).toHaveLength(20);
    expect(new Set(results.map((r) => r.key)).size).toBe(20);
    expect(results.filter((r) => r.error)).toEqual([]);
    const slow = results.find((r) => r.key === slowKey)!;
    expect(slow.pass).toBe(true);
    expect(slow.worker).not.toBe(ids[victim]);
    expect(ids.filter((_, i) => i !== victim)).toContain(slow.worker);
    // another worker took the killed one's item over
    expect(workers.filter((_, i) => i !== victim).some((w) => w.stderr.includes(`start ${slowKey}`))).toBe(true);
    expect(new Set(results.map((r) => r.worker)).size).toBeGreaterThanOrEqual(2);
    const report = JSON.parse(readFileSync(files('out/report.json'), 'utf8'));
    expect(report.cells.map((c: { runs: number }) => c.runs)).toEqual([10, 10]);
    // refund-missing fails on repeat 1, as on a local run: pass^1 = (4 + 0.5) / 5, pass^2 = 4 / 5
    expect(report.cells[0].passHatK).toEqual({ 1: 0.9, 2: 0.8 });

    for (const [i, w] of workers.entries()) if (i !== victim) w.child.kill('SIGTERM');
    for (const [i, w] of workers.entries()) if (i !== victim) expect(await w.exited).toBe(143);
  }, 120_000);
});
