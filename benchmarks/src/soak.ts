// Soak benchmark (DESIGN §10, §11): does an app stay flat while it runs
// session after session to the end? For each runtime of the registry, one app
// of a small agent (one LLM turn: it answers with submit_result) — and for the
// runtimes with a store (LangGraph, Mastra) a one-LlmNode flow too, for those
// with a `build` option (AI SDK, OpenAI Agents) the agent built by it — runs
// sessions against the scripted LLM server on loopback: each started, run to
// finished and dropped. The heap in use (`process.memoryUsage().heapUsed`
// after forced garbage collections) is read after a warm-up (a tenth of the
// sessions: 1k of 10k), half-way and at the end, and with it the part of it
// that is data: the heap without V8's code spaces, where optimized code,
// bytecode and their metadata keep growing for a while as more functions get
// hot (bounded by the program, not by the sessions: about 1 MB per 1k
// sessions on Mastra early on). What an app keeps per finished session is the
// growth of the data from the first mark to the last, divided by the sessions
// in between. Flat: under FLAT_BYTES_PER_SESSION. Each soak runs in a fresh
// node process.
// Run: node --expose-gc dist/soak.js [--sessions 10000] [--warmup 1000] [--runtime langgraph] [--kind flow] [--retain all]
import { execFile, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import { loadAdapter, ADAPTER_NAMES } from '@agentspec/adapters';
import { deserialize, type Component } from '@agentspec/core';
import type { RetainFinished, Runtime } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlmConfig } from '@agentspec/testing';
import { llmChainDocument } from './chain-flow.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

const execFileAsync = promisify(execFile);

/**
 * The most an app may keep per finished session for its heap to count as
 * flat: a quarter of what a LangGraph session kept in the default MemorySaver
 * before finished sessions were pruned (about 8 kB), well above what warming
 * up (optimized code, caches that fill) adds per session over a soak.
 */
export const FLAT_BYTES_PER_SESSION = 2_048;

/** What a soak runs: an agent, a flow (on the runtimes that keep flows in a store), or an agent built by the runtime's `build` option. */
export type SoakKind = 'agent' | 'flow' | 'built agent';

/** The soaks of a full run: the agent on every runtime, the flow where a store keeps it, the built agent where a build option makes one per session. */
export const SOAKS: readonly { readonly runtime: string; readonly kind: SoakKind }[] = [
  ...ADAPTER_NAMES.map((runtime) => ({ runtime, kind: 'agent' as const })),
  { runtime: 'langgraph', kind: 'flow' },
  { runtime: 'mastra', kind: 'flow' },
  { runtime: 'ai-sdk', kind: 'built agent' },
  { runtime: 'openai-agents', kind: 'built agent' },
];

/** An agent with one output that it submits at once: one LLM turn per session. */
const AGENT = {
  component_type: 'Agent', id: 'soak_agent', name: 'soak agent', system_prompt: 'Answer, then submit the answer.',
  outputs: [{ title: 'answer', type: 'string' }],
  llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'scripted-model', url: 'http://127.0.0.1:9' },
  agentspec_version: '25.4.1',
};

const LLM: ScriptedLlmConfig = {
  rules: [{ match: { lastUserMessage: { contains: 'Rewrite' } }, answer: { text: 'ok' } }],
  defaultAnswer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'ok' } }] },
};

export interface SoakOptions {
  readonly runtime: string;
  readonly kind: SoakKind;
  /** Sessions run in all (the last mark). */
  readonly sessions: number;
  /** Sessions run before the first mark, while code is optimized and caches fill (default a tenth of `sessions`). */
  readonly warmup?: number;
  readonly retainFinished?: RetainFinished;
}

export interface SoakResult {
  readonly runtime: string;
  readonly kind: SoakKind;
  readonly retainFinished: RetainFinished | 'default';
  readonly warmup: number;
  /** By the number of sessions finished (the first mark is after the warm-up): the heap in use after forced GC, and of it the data. */
  readonly marks: readonly Mark[];
  /** Growth of the data from the first mark to the last, per session between them. */
  readonly bytesPerSession: number;
}

export interface Mark {
  readonly sessions: number;
  /** `process.memoryUsage().heapUsed`. */
  readonly heapUsed: number;
  /** `heapUsed` without the code spaces (code, trusted: bytecode, deoptimization data). */
  readonly dataUsed: number;
}

/** V8's spaces of code and of what describes it. */
const CODE_SPACES = new Set(['code_space', 'code_large_object_space', 'trusted_space', 'trusted_large_object_space']);

const gc = (globalThis as { gc?: () => void }).gc;

/** The heap once garbage is collected: several GCs, with turns of the event loop between them for finalizers and timers. */
async function mark(sessions: number): Promise<Mark> {
  if (!gc) throw new Error('run node with --expose-gc');
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  gc();
  const code = getHeapSpaceStatistics().filter((s) => CODE_SPACES.has(s.space_name)).reduce((sum, s) => sum + s.space_used_size, 0);
  const { heapUsed } = process.memoryUsage();
  return { sessions, heapUsed, dataUsed: heapUsed - code };
}

function component(kind: SoakKind): Component {
  return deserialize(JSON.stringify(kind === 'flow' ? llmChainDocument(1) : AGENT));
}

/** The runtime of a soak: the registry's, or for a built agent one whose `build` option compiles each session's agent (as an emitted module's `build()` would). */
async function runtimeOf(runtime: string, kind: SoakKind): Promise<Runtime> {
  // imported here, so that a soak process loads only the framework it soaks
  if (kind !== 'built agent') return (await loadAdapter(runtime)).runtime();
  if (runtime === 'ai-sdk') {
    const { aiSdkRuntime, compileAiSdk } = await import('@agentspec/ai-sdk');
    return aiSdkRuntime({ build: (agent, options) => ({ agent: compileAiSdk(agent, options).agent }) });
  }
  if (runtime === 'openai-agents') {
    const { compileOpenAiAgents, openaiAgentsRuntime } = await import('@agentspec/openai-agents');
    return openaiAgentsRuntime({ build: (agent, options) => compileOpenAiAgents(agent, options) });
  }
  throw new Error(`${runtime} has no build option`);
}

/** One soak, in this process (node --expose-gc): sessions of one app started, run to finished and dropped. */
export async function soak(options: SoakOptions): Promise<SoakResult> {
  const { runtime, kind, sessions } = options;
  const warmup = options.warmup ?? Math.round(sessions / 10);
  if (!(warmup > 0 && sessions > warmup + 1)) throw new Error(`a soak needs more sessions (${sessions}) than its warm-up (${warmup}) + 1`);
  const llm = await startScriptedLlm(LLM);
  const app = await (await runtimeOf(runtime, kind)).load(component(kind), {
    llm: { override: { url: llm.url, apiKey: 'soak' } },
    ...(options.retainFinished !== undefined ? { retainFinished: options.retainFinished } : {}),
  });
  const at = new Set([warmup, Math.round((warmup + sessions) / 2), sessions]);
  const marks: Mark[] = [];
  try {
    for (let n = 1; n <= sessions; n++) {
      const session = app.start(kind === 'flow' ? { inputs: { text: 'x' } } : {});
      session.appendUserMessage('Hello');
      const status = await session.run();
      if (status.type !== 'finished') throw new Error(`${runtime} ${kind}: session ${n} ended ${status.type}, not finished`);
      llm.clear(); // the server records every request
      if (at.has(n)) marks.push(await mark(n));
    }
  } finally {
    await app.close();
    await llm.close();
  }
  return { runtime, kind, retainFinished: options.retainFinished ?? 'default', warmup, marks, bytesPerSession: perSession(marks[0] as Mark, marks.at(-1) as Mark) };
}

/** This module built (`pnpm build`): what a soak in a child process runs, also when this module is imported from its source. */
const SCRIPT = fileURLToPath(new URL('../dist/soak.js', import.meta.url));

function childArgs(options: SoakOptions): string[] {
  const args = ['--expose-gc', SCRIPT, '--child', '--runtime', options.runtime, '--kind', options.kind, '--sessions', String(options.sessions)];
  if (options.warmup !== undefined) args.push('--warmup', String(options.warmup));
  if (options.retainFinished !== undefined) args.push('--retain', String(options.retainFinished));
  return args;
}

/** One soak in a fresh node process (this module, built, run with --expose-gc). */
export function soakInChild(options: SoakOptions): SoakResult {
  const child = spawnSync(process.execPath, childArgs(options), { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the soak of ${options.runtime} ${options.kind} failed (exit ${String(child.status)}): ${child.stderr}`);
  return JSON.parse(child.stdout) as SoakResult;
}

/** How long a soak takes, roughly (Mastra's sessions cost most, then LangGraph's; a flow or a built agent more than the agent): the longest start first. */
const weight = (s: SoakOptions): number => ({ mastra: 3, langgraph: 2, 'openai-agents': 1, 'ai-sdk': 1 }[s.runtime] ?? 0) + (s.kind === 'agent' ? 0 : 1);

/**
 * Soaks in fresh node processes, `jobs` at a time, the longest first (so that
 * no long one starts last), their results in the order given. What a soak
 * measures is the heap an app keeps per finished session (after forced GCs),
 * not a time: soaks running side by side on the cores change how long they
 * take, not what they keep.
 */
export async function soaksInChildren(soaks: readonly SoakOptions[], jobs: number): Promise<SoakResult[]> {
  const results: SoakResult[] = new Array(soaks.length);
  const order = soaks.map((_, i) => i).sort((a, b) => weight(soaks[b]!) - weight(soaks[a]!));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < soaks.length) {
      const i = order[next++]!;
      const options = soaks[i]!;
      const { stdout } = await execFileAsync(process.execPath, childArgs(options), { encoding: 'utf8', maxBuffer: 1 << 20 }).catch((e: { code?: unknown; stderr?: string }) => {
        throw new Error(`the soak of ${options.runtime} ${options.kind} failed (exit ${String(e.code)}): ${e.stderr ?? String(e)}`);
      });
      results[i] = JSON.parse(stdout) as SoakResult;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, soaks.length)) }, worker));
  return results;
}

/** Growth of the data between two marks, per session between them. */
function perSession(from: Mark, to: Mark): number {
  return (to.dataUsed - from.dataUsed) / (to.sessions - from.sessions);
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

function tableLine(r: SoakResult): string {
  const [first, middle, last] = r.marks as [Mark, Mark, Mark];
  return `| ${r.runtime} | ${r.kind} | ${String(r.retainFinished)} | ${r.marks.map((m) => mb(m.heapUsed)).join(' · ')} | ${mb(last.heapUsed - first.heapUsed)} | `
    + `${mb(last.dataUsed - first.dataUsed)} | ${Math.round(r.bytesPerSession)} B | ${Math.round(perSession(middle, last))} B | ${r.bytesPerSession < FLAT_BYTES_PER_SESSION ? 'flat' : 'grows'} |`;
}

/**
 * Every soak, each in a fresh process: BENCH_SESSIONS sessions (default 500,
 * measured from the 188th; `dist/soak.js` runs 10,000); a quick run soaks the
 * agent on every runtime at 600 (from the 200th) and leaves the flows and built
 * agents to the test suite (tests/soak.test.ts runs every soak at 2,000).
 */
export async function soakBenchmark(options: BenchOptions): Promise<Row[]> {
  const sessions = Number(process.env.BENCH_SESSIONS ?? (options.quick ? 600 : 500));
  const warmup = Math.min(Math.round((sessions * 3) / 8), 1_000);
  // the agent on every runtime; the flows and built agents soak in tests/soak.test.ts (2,000 sessions each, in CI) and
  // dist/soak.js (10,000): those four soaks took about 7 s of a full run (the performance issue: `pnpm bench` under 2 minutes)
  const soaks = SOAKS.filter((s) => s.kind === 'agent');
  // side by side on the cores (BENCH_SOAK_JOBS, default: as many as there are, at most 4): a soak measures heap, not time
  const jobs = Number(process.env.BENCH_SOAK_JOBS ?? Math.min(4, availableParallelism()));
  const results = await soaksInChildren(soaks.map((s) => ({ ...s, sessions, warmup })), jobs);
  return soaks.map((s, i) => {
    const r = results[i]!;
    return row('soak', `${s.runtime} ${s.kind}: heap kept per finished session, ${sessions - warmup} sessions after ${warmup}`,
      { name: 'data growth', value: Math.max(0, r.bytesPerSession), unit: 'B/session' }, { name: 'flat bound', value: FLAT_BYTES_PER_SESSION, unit: 'B/session' },
      TARGETS.soak, `DESIGN §11: flat — under ${FLAT_BYTES_PER_SESSION} B kept per finished session (a fixed bound, not a timing)`);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      child: { type: 'boolean' }, runtime: { type: 'string' }, kind: { type: 'string' }, sessions: { type: 'string' },
      warmup: { type: 'string' }, retain: { type: 'string' },
    },
  });
  const retainFinished = values.retain === undefined ? undefined : values.retain === 'all' ? 'all' as const : Number(values.retain);
  const sessions = Number(values.sessions ?? process.env.BENCH_SESSIONS ?? 10_000);
  const common = { sessions, ...(values.warmup ? { warmup: Number(values.warmup) } : {}), ...(retainFinished !== undefined ? { retainFinished } : {}) };
  if (values.child) {
    process.stdout.write(JSON.stringify(await soak({ runtime: values.runtime as string, kind: (values.kind ?? 'agent') as SoakKind, ...common })));
    return;
  }
  const soaks = SOAKS.filter((s) => (!values.runtime || s.runtime === values.runtime) && (!values.kind || s.kind === values.kind));
  const warmup = common.warmup ?? Math.round(sessions / 10);
  console.log(`## Soak: ${sessions} finished sessions per app (flat: the data grows < ${FLAT_BYTES_PER_SESSION} B per session)\n`);
  console.log(`| runtime | spec | retainFinished | heapUsed at ${[warmup, Math.round((warmup + sessions) / 2), sessions].join(' · ')} | heapUsed growth | data growth | per session | per session, second half | |`);
  console.log('| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |');
  for (const s of soaks) console.log(tableLine(soakInChild({ ...s, ...common })));
}

// run when executed, not when imported
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
