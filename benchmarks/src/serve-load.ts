// Load benchmark of `agentspec serve` (issue 22): N AG-UI sessions at once
// against one server on loopback, per runtime. The server runs as the CLI
// does it (`agentspec serve`, a child process of its own, a fresh SQLite
// store), its LLM is the scripted server in this process, and this process
// is the client: each session is one POST /ag-ui (a new thread: a user
// message, the agent calls a ServerTool, then answers in text, streamed),
// read to RUN_FINISHED. Reported per runtime: errors (target 0), p50 and p99
// latency (request → RUN_FINISHED), wall time, sessions per second, and the
// server's memory (resident set after start, its peak, and after the load).
// Not part of the test suite's time budget (tests/serve-load.test.ts runs a
// few sessions on the reference runtime only).
// Run: node dist/serve-load.js [--sessions 200] [--runtime langgraph[,mastra]] [--rounds 2] [--max-idle-apps N]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ADAPTER_NAMES } from '@agentspec/adapters';
import { startScriptedLlm } from '@agentspec/testing';

const BIN = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));

const SPEC = `component_type: Agent
id: load_agent
name: load agent
system_prompt: Look the city up, then answer.
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: scripted-model, url: "http://127.0.0.1:9"}
tools:
  - component_type: ServerTool
    id: lookup
    name: lookup
    description: Look a city up.
    inputs: [{title: city, type: string}]
    outputs: [{title: country, type: string}]
agentspec_version: 25.4.1
`;

const TOOLS = 'export const tools = { lookup: ({ city }) => ({ country: city === "Rome" ? "Italy" : "unknown" }) };\n';

const RULES = {
  rules: [{ match: { lastToolResult: { tool: 'lookup' } }, answer: { text: 'Rome is in Italy, on the Tiber, and it is sunny there today.' } }],
  defaultAnswer: { toolCalls: [{ name: 'lookup', arguments: { city: 'Rome' } }] },
};

export interface ServeLoadResult {
  readonly runtime: string;
  readonly sessions: number;
  readonly errors: number;
  readonly firstError?: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly wallMs: number;
  readonly sessionsPerSecond: number;
  readonly rssStartMb: number;
  readonly rssPeakMb: number;
  readonly rssAfterMb: number;
}

/** Resident set and its peak of a process (Linux /proc), in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** One AG-UI turn of a session: round 0 a new thread, later rounds another user message on it; read to its last event. */
async function session(url: string, i: number, round = 0): Promise<{ ms: number; error?: string }> {
  const t0 = performance.now();
  const messages = Array.from({ length: round + 1 }, (_, k) => [
    ...(k > 0 ? [{ id: `a-${i}-${k}`, role: 'assistant', content: 'Rome is in Italy, on the Tiber, and it is sunny there today.' }] : []),
    { id: `m-${i}-${k}`, role: 'user', content: 'Where is Rome?' },
  ]).flat();
  const res = await fetch(`${url}/ag-ui`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ threadId: `load-${i}`, runId: `run-${i}-${round}`, messages, tools: [], context: [], state: {}, forwardedProps: {} }),
  });
  const text = await res.text();
  const events = text.split('\n\n').filter((b) => b.startsWith('data:')).map((b) => JSON.parse(b.slice(5)) as { type: string; code?: string; message?: string; delta?: string });
  const last = events.at(-1);
  const reply = events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');
  const ms = performance.now() - t0;
  if (res.status !== 200 || last?.type !== 'RUN_FINISHED') return { ms, error: `${res.status} ${last?.type ?? 'no events'} ${last?.code ?? ''} ${last?.message ?? text.slice(0, 200)}` };
  if (!reply.startsWith('Rome is in Italy')) return { ms, error: `unexpected reply '${reply}'` };
  return { ms };
}

export interface ServeLoadOptions {
  /** Turns per session, each round all sessions at once (default 1); latencies are the last round's. */
  readonly rounds?: number;
  /** `agentspec serve --max-idle-apps` (loaded apps kept for later turns; default the server's). */
  readonly maxIdleApps?: number;
}

export async function serveLoad(runtime: string, sessions: number, options: ServeLoadOptions = {}): Promise<ServeLoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-serve-load-'));
  writeFileSync(join(dir, 'agent.yaml'), SPEC);
  writeFileSync(join(dir, 'tools.mjs'), TOOLS);
  const llm = await startScriptedLlm(RULES);
  const child = spawn(process.execPath, [BIN, 'serve', join(dir, 'agent.yaml'), '--tools', join(dir, 'tools.mjs'), '--runtime', runtime, '--port', '0', '--store', join(dir, 'sessions.db'), '--llm-url', llm.url,
    ...(options.maxIdleApps !== undefined ? ['--max-idle-apps', String(options.maxIdleApps)] : [])],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (t: string) => {
        out += t;
        const m = / at (http:\/\/\S+)\n/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.stderr.setEncoding('utf8').on('data', (t: string) => (out += t));
      child.on('close', (code) => reject(new Error(`agentspec serve exited (${String(code)}): ${out}`)));
    });
    // one warm-up session (the runtime's framework loads on the first turn)
    const warm = await session(url, -1);
    if (warm.error) throw new Error(`warm-up failed: ${warm.error}`);
    const start = memory(child.pid as number);
    for (let round = 0; round < (options.rounds ?? 1) - 1; round++) await Promise.all(Array.from({ length: sessions }, (_, i) => session(url, i, round)));
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: sessions }, (_, i) => session(url, i, (options.rounds ?? 1) - 1)));
    const wallMs = performance.now() - t0;
    const after = memory(child.pid as number);
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number;
    const errors = results.filter((r) => r.error);
    return {
      runtime, sessions, errors: errors.length, ...(errors[0]?.error ? { firstError: errors[0].error } : {}), p50Ms: at(0.5), p99Ms: at(0.99), wallMs,
      sessionsPerSecond: sessions / (wallMs / 1000), rssStartMb: start.rss, rssPeakMb: after.peak, rssAfterMb: after.rss,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('close', r));
    await llm.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sessions: { type: 'string', default: '200' }, runtime: { type: 'string' }, rounds: { type: 'string', default: '1' }, 'max-idle-apps': { type: 'string' } } });
  const sessions = Number(values.sessions);
  const runtimes = values.runtime ? values.runtime.split(',') : ADAPTER_NAMES;
  const options: ServeLoadOptions = { rounds: Number(values.rounds), ...(values['max-idle-apps'] !== undefined ? { maxIdleApps: Number(values['max-idle-apps']) } : {}) };
  console.log(`agentspec serve: ${sessions} concurrent AG-UI sessions per runtime (a turn: a tool call and a streamed reply; round ${options.rounds} of ${options.rounds} measured${options.maxIdleApps !== undefined ? `, --max-idle-apps ${options.maxIdleApps}` : ''})\n`);
  console.log('| runtime | errors | p50 ms | p99 ms | wall ms | sessions/s | server RSS start · peak · after (MB) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  let failed = false;
  for (const runtime of runtimes) {
    const r = await serveLoad(runtime, sessions, options);
    failed ||= r.errors > 0;
    console.log(`| ${r.runtime} | ${r.errors} | ${r.p50Ms.toFixed(0)} | ${r.p99Ms.toFixed(0)} | ${r.wallMs.toFixed(0)} | ${r.sessionsPerSecond.toFixed(1)} | ${r.rssStartMb.toFixed(0)} · ${r.rssPeakMb.toFixed(0)} · ${r.rssAfterMb.toFixed(0)} |`);
    if (r.firstError) console.log(`  first error: ${r.firstError}`);
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
