// Concurrency benchmark (DESIGN §10): N agent sessions started at once on one
// app, each run to the end against the scripted LLM server — which runs in
// its own process, so that its work does not share the event loop measured.
// Per runtime: the latency of each session (start → finished), its p50 and
// p99, sessions per second, the process's CPU time per session, and the heap
// per idle session (started, holding its first message, not run). Every runtime is measured in the same run, the
// reference interpreter first: the ratio of a runtime's p99 to the
// reference's is what counts (target ≤ 2×). Each runtime runs in a fresh
// node process.
// Run: node --expose-gc dist/concurrency.js [--sessions 500] [--runtime langgraph]
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadAdapter, ADAPTER_NAMES } from '@agentspec/adapters';
import { deserialize, type Component } from '@agentspec/core';
import { BY_HAND } from './by-hand-agents.js';
import { inFreshProcesses, SETUP_JOBS, whenTold } from './fresh-process.js';
import { startLlmProcess as startLlm } from './llm-process.js';
import { LOOKUP_AGENT } from './lookup-agent.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

/** The target: a runtime's p99 at N concurrent sessions within this many times the reference interpreter's. */
export const P99_RATIO_TARGET = TARGETS.concurrencyP99;

/** An agent with one tool it calls once, then one output it submits: three LLM turns per session. */
const AGENT = LOOKUP_AGENT;

const RULES = {
  rules: [
    { match: { lastToolResult: { tool: 'lookup', contains: 'Italy' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'Italy' } }] } },
  ],
  defaultAnswer: { toolCalls: [{ name: 'lookup', arguments: { city: 'Rome' } }] },
};

export interface ConcurrencyResult {
  readonly runtime: string;
  readonly sessions: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly wallMs: number;
  readonly sessionsPerSecond: number;
  /** Heap per started, not yet run, session (after forced GC). */
  readonly idleBytesPerSession: number;
  /**
   * CPU time (user + system) of this process during the concurrent run, per session: what the p99 of N sessions
   * started at once is made of, and less disturbed than the latencies by other processes sharing the cores.
   */
  readonly cpuMsPerSession: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Sessions of what is measured: a runtime's app of the spec'd agent, or the agent written by hand in a framework. */
export interface Subject {
  start(): { run(): Promise<void> };
  close(): Promise<void>;
}

/** The name of the hand-written agent measured next to a runtime (by-hand-agents.ts). */
export const byHand = (runtime: string): string => `${runtime}-by-hand`;

export async function subjectOf(runtime: string, url: string): Promise<Subject> {
  const hand = runtime.endsWith('-by-hand') ? BY_HAND[runtime.slice(0, -'-by-hand'.length)] : undefined;
  if (hand) {
    const agent = hand(url);
    return { start: () => agent.start('Where is Rome?'), close: async () => {} };
  }
  const adapter = await loadAdapter(runtime);
  const app = await adapter.runtime().load(deserialize(AGENT) as Component, {
    llm: { override: { url, apiKey: 'sk-bench', model: 'scripted-model' } },
    tools: { lookup: async () => ({ country: 'Italy' }) },
  });
  return {
    start() {
      const s = app.start();
      s.appendUserMessage('Where is Rome?');
      return {
        async run() {
          const status = await s.run();
          if (status.type !== 'finished') throw new Error(`${runtime}: a session ended ${status.type}`);
        },
      };
    },
    close: () => app.close(),
  };
}

/**
 * Measure one runtime (or hand-written agent, `<runtime>-by-hand`) in this process against the LLM server at `url`.
 * `ready`: awaited after the warm-up, before what is measured (a child waits there for its turn: fresh-process.ts).
 */
export async function measureConcurrency(runtime: string, sessions: number, url: string, ready: () => Promise<void> = async () => {}): Promise<ConcurrencyResult> {
  const subject = await subjectOf(runtime, url);
  try {
    // warm-up: a few sessions one after the other
    for (let i = 0; i < 5; i++) await subject.start().run();
    await ready();
    // idle sessions: started with their first message, not run
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const idle = Array.from({ length: sessions }, () => subject.start());
    gc?.();
    const idleBytesPerSession = Math.max(0, (process.memoryUsage().heapUsed - before) / sessions);
    // the concurrent run: every idle session at once
    const latencies: number[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(idle.map(async (s) => {
      const start = performance.now();
      await s.run();
      latencies.push(performance.now() - start);
    }));
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    latencies.sort((a, b) => a - b);
    return {
      runtime, sessions, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), wallMs,
      sessionsPerSecond: sessions / (wallMs / 1000), idleBytesPerSession, cpuMsPerSession: (cpu.user + cpu.system) / 1000 / sessions,
    };
  } finally {
    await subject.close();
  }
}

/** Start the scripted LLM server (its bin) in its own process, with these rules (default: the agent's); resolves with its URL and a stop function. */
export function startLlmProcess(script: unknown = RULES): Promise<{ url: string; stop: () => void }> {
  return startLlm(script);
}

/**
 * Every runtime (the reference interpreter first), each in a fresh node
 * process, against a fresh scripted LLM server in a process of its own: the
 * server records every request it answers, and one shared by all the runtimes
 * served the last of them with the 10,000 requests of the others in its heap
 * (and failed it with dropped connections now and then). The processes of
 * SETUP_JOBS runtimes (one per core) start, import their framework, load the
 * app and warm it up at once, then run their concurrent sessions one runtime
 * at a time (fresh-process.ts): a runtime's batch of sessions has the
 * machine to itself but for its LLM server.
 */
export async function measureRuntimes(runtimes: readonly string[], sessions: number): Promise<ConcurrencyResult[]> {
  const results: ConcurrencyResult[] = [];
  for (let i = 0; i < runtimes.length; i += SETUP_JOBS) {
    const batch = runtimes.slice(i, i + SETUP_JOBS);
    const servers = await Promise.all(batch.map(() => startLlmProcess()));
    try {
      const lines = await inFreshProcesses(batch.map((runtime, j) => ({
        args: ['--expose-gc', fileURLToPath(import.meta.url), '--child', '--runtime', runtime, '--sessions', String(sessions), '--url', servers[j]!.url],
        what: `the ${runtime} concurrency child`,
      })), batch.length);
      results.push(...lines.map((line) => JSON.parse(line) as ConcurrencyResult));
    } finally {
      for (const s of servers) s.stop();
    }
  }
  return results;
}

/** The runtimes, the reference interpreter first, each followed by its agent written by hand where there is one (BY_HAND). */
const ALL_RUNTIMES = ['reference', ...ADAPTER_NAMES.filter((n) => n !== 'reference').flatMap((n) => (BY_HAND[n] ? [n, byHand(n)] : [n]))];

/**
 * p99 of every runtime ÷ the reference's: 500 sessions (BENCH_SESSIONS), 100
 * in a quick run. Where the agent is also written by hand in the framework
 * (LangGraph, Mastra), the runtime ÷ the hand-written agent (the compiled
 * overhead under load, target ≤ 1.25×) and the hand-written agent ÷ the
 * reference (what the framework itself costs, reported) are rows too.
 */
export async function concurrencyBenchmark(options: BenchOptions): Promise<Row[]> {
  const sessions = Number(process.env.BENCH_SESSIONS ?? (options.quick ? 100 : 500));
  const results = await measureRuntimes(ALL_RUNTIMES, sessions);
  const reference = results[0]!;
  const p99 = (r: ConcurrencyResult) => ({ name: r.runtime, value: r.p99Ms, unit: 'ms' });
  const idleHeap = (r: ConcurrencyResult) => ({ name: r.runtime, value: r.idleBytesPerSession / 1024, unit: 'kB' });
  const what = (runtime: string) => `${sessions} concurrent agent sessions, ${runtime}: p99 latency`;
  return results.slice(1).flatMap((r) => {
    if (r.runtime.endsWith('-by-hand')) {
      return [row('concurrency', what(r.runtime), p99(r), p99(reference), null, 'the same agent written by hand in the framework ÷ the reference interpreter: the framework\'s own cost (by-hand-agents.ts)')];
    }
    const hand = results.find((h) => h.runtime === byHand(r.runtime));
    return [
      row('concurrency', what(r.runtime), p99(r), p99(reference), P99_RATIO_TARGET,
        `p99 within ${P99_RATIO_TARGET}× the reference interpreter's in the same run (performance issue); sessions/s and idle heap per session: dist/concurrency.js`),
      ...(hand ? [row('concurrency', `${what(r.runtime)} ÷ by hand`, p99(r), p99(hand), TARGETS.compiled, 'DESIGN §10: compiled ÷ the same agent by hand in the framework, here under concurrent load')] : []),
      row('concurrency', `idle session (started, first message in, not run), ${r.runtime}: heap`, idleHeap(r), idleHeap(reference), null, 'heap per idle session after a forced GC, ÷ the reference interpreter\'s (performance issue: reported)'),
    ];
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sessions: { type: 'string', default: '500' }, runtime: { type: 'string' }, url: { type: 'string' }, child: { type: 'boolean' } } });
  const sessions = Number(values.sessions);
  if (values.child) {
    const result = await measureConcurrency(values.runtime!, sessions, values.url!, whenTold);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const results = await measureRuntimes(values.runtime ? [values.runtime] : ALL_RUNTIMES, sessions);
  const reference = results.find((r) => r.runtime === 'reference');
  console.log(`${sessions} concurrent agent sessions (3 LLM turns, 1 tool call each), scripted LLM in its own process`);
  console.log('| runtime | p50 ms | p99 ms | p99 ÷ reference | sessions/s | CPU ms/session | CPU ÷ reference | idle heap/session |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    const ratio = reference ? r.p99Ms / reference.p99Ms : NaN;
    const cpuRatio = reference ? r.cpuMsPerSession / reference.cpuMsPerSession : NaN;
    console.log(`| ${r.runtime} | ${r.p50Ms.toFixed(0)} | ${r.p99Ms.toFixed(0)} | ${ratio.toFixed(2)}×${ratio <= P99_RATIO_TARGET ? '' : ' ✗'} | ${r.sessionsPerSecond.toFixed(0)} | ${r.cpuMsPerSession.toFixed(2)} | ${cpuRatio.toFixed(2)}× | ${(r.idleBytesPerSession / 1024).toFixed(1)} kB |`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
