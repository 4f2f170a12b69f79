/**
 * One process at a time runs a saved session. Two `agentspec run --resume`
 * of the same session started together (the built bin in child processes:
 * run `pnpm build` first): one runs it, the other stops with AS_SESSION_BUSY
 * (exit 75) before anything runs, and the tool runs once — with a SQLite
 * store, a PostgreSQL store and a JSON file. The tool asks a gate of this test
 * for its answer: the resumer that got the lease is held inside it until the
 * other one has exited, so the overlap does not depend on timing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireFileLease, openSessionStore } from '@agentspec/runtime';
import { loadRulesFile, startScriptedLlm, type Rule, type ScriptedLlm } from '@agentspec/testing';
import { cliWithInput, tempFiles } from './helpers.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const repo = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));
const QUESTION = 'What is the weather in Zurich?';

/** The tool's answers: each call is recorded; answered once `open()` was called (or as soon as a second call shows the lease failed). */
interface Gate {
  readonly url: string;
  readonly calls: { city: string; pid: number }[];
  open(): void;
  reset(): void;
  close(): Promise<void>;
}

async function startGate(): Promise<Gate> {
  const calls: { city: string; pid: number }[] = [];
  let waiting: { res: ServerResponse; city: string }[] = [];
  let opened = false;
  const answer = ({ res, city }: { res: ServerResponse; city: string }) => res.end(`sunny, 21°C in ${city}`);
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (t: string) => (body += t)).on('end', () => {
      const call = JSON.parse(body) as { city: string; pid: number };
      calls.push(call);
      waiting.push({ res, city: call.city });
      if (opened || calls.length > 1) for (const w of waiting.splice(0)) answer(w);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    open() {
      opened = true;
      for (const w of waiting.splice(0)) answer(w);
    },
    reset() {
      calls.length = 0;
      waiting = [];
      opened = false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built `agentspec` in a child process, with `lines` on stdin. */
function agentspec(args: readonly string[], lines: readonly string[], env: NodeJS.ProcessEnv): { child: ChildProcess; done: Promise<Ran> } {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<Ran>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  return { child, done };
}

/** The names leased in a SQLite store, read with the driver the runtime uses. */
function leasedNames(db: string): string[] {
  const Sqlite = createRequire(repo('packages/runtime/package.json'))('better-sqlite3') as new (path: string) => {
    prepare(sql: string): { all(): { name: string }[] };
    close(): void;
  };
  const conn = new Sqlite(db);
  try {
    return conn.prepare('SELECT name FROM agentspec_session_leases').all().map((r) => r.name);
  } finally {
    conn.close();
  }
}

const files = tempFiles({});
let llm: ScriptedLlm;
let gate: Gate;
let weatherRules: readonly Rule[];
beforeAll(async () => {
  weatherRules = (await loadRulesFile(repo('examples/scripted-llm/weather-agent.yaml'))).rules;
  llm = await startScriptedLlm({ rules: weatherRules });
  gate = await startGate();
});
afterAll(async () => {
  await llm.close();
  await gate.close();
});

/** Two resumes of the session `name` (saved first) in `store` (none: `name` is a JSON file). */
async function resumeTwiceAtOnce(name: string, where: string | undefined): Promise<void> {
  const weather = ['run', repo('examples/specs/weather-agent.yaml'), '--tools', repo('packages/cli/tests/fixtures/gated-weather-tools.ts'), '--llm-url', llm.url,
    ...(where ? ['--store', where] : [])];
  const env = { AGENTSPEC_TEST_GATE_URL: gate.url };
  llm.clear();
  gate.reset();
  const saved = await agentspec([...weather, '--save', name], ['Hello'], env).done;
  expect(saved.stdout).toContain('assistant (Weather assistant): Hello! Which city?');
  expect(saved.code).toBe(0);

  const resume = [...weather, '--resume', name, '--save', name];
  const runs = [agentspec(resume, [QUESTION], env), agentspec(resume, [QUESTION], env)];
  // the one holding the lease waits in the tool until the gate opens: the first to exit is the other one
  const first = await Promise.race(runs.map(async (r, i) => ({ i, ran: await r.done })));
  const refused = first.ran;
  const winner = runs[1 - first.i]!;
  expect(refused.stderr).toContain(`agentspec: error AS_SESSION_BUSY: session '${name}' is in use by agentspec run (pid ${winner.child.pid} on ${hostname()}) until `);
  expect(refused.stderr).toContain('hint: wait until that run is done and try again');
  expect(refused.stdout).toBe('');
  expect(refused.code).toBe(75);

  gate.open();
  const ran = await winner.done;
  expect(ran.stderr).toBe('');
  expect(ran.stdout).toContain(`finished: {"summary":"Sunny and 21°C in Zurich."} (saved `);
  expect(ran.code).toBe(0);
  // the tool ran once, in the process that held the lease; the LLM was asked the question once
  expect(gate.calls).toEqual([{ city: 'Zurich', pid: winner.child.pid }]);
  expect(llm.requests.map((r) => r.messages.at(-1)?.content)).toEqual(['Hello', QUESTION, 'sunny, 21°C in Zurich']);
  // released after the save (the file lock removed, no lease row left)
  if (!where) expect(existsSync(`${name}.lock`)).toBe(false);
  if (!where) expect(JSON.parse(readFileSync(name, 'utf8')).runtime).toBe('reference');
  if (where?.endsWith('.db')) expect(leasedNames(where)).toEqual([]);
}

// each case starts three node processes: seconds each on a busy machine
describe('agentspec run --resume of one session in two processes at once', { timeout: 90_000 }, () => {
  const why = 'one runs it, the other exits 75 with AS_SESSION_BUSY, the tool runs once';
  it(`with a SQLite store: ${why}`, () => resumeTwiceAtOnce('chat', files('sessions.db')));
  it(`with a JSON file: ${why}`, () => resumeTwiceAtOnce(files('chat.json'), undefined));
  const pg = process.env.AGENTSPEC_TEST_POSTGRES_URL;
  it.skipIf(!pg)(`with a PostgreSQL store (AGENTSPEC_TEST_POSTGRES_URL): ${why}`, () => resumeTwiceAtOnce(`chat-${process.pid}-${Date.now()}`, pg));

  it('a resume stopped by SIGTERM saves, releases its lease and exits 143; the next resume goes on', async () => {
    const db = files('signal.db');
    const weather = ['run', repo('examples/specs/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts'), '--llm-url', llm.url, '--store', db];
    llm.clear();
    expect((await agentspec([...weather, '--save', 'sig'], ['Hello'], {}).done).code).toBe(0);
    // the answer to the question never comes within the test: the resume waits in its LLM request
    llm.setRules([{ match: { lastUserMessage: { contains: 'weather' } }, answer: { text: 'late', delayMs: 120_000 } }, ...weatherRules]);
    try {
      const stopped = agentspec([...weather, '--resume', 'sig', '--save', 'sig'], [QUESTION], {});
      while (llm.requests.length < 2) await sleep(20);
      expect(leasedNames(db)).toEqual(['sig']);
      stopped.child.kill('SIGTERM');
      const r = await stopped.done;
      expect(r.stderr).toBe(`agentspec: stopped by SIGTERM: the run was aborted (saved as 'sig' in ${db})\n`);
      expect(r.code).toBe(143);
      expect(leasedNames(db)).toEqual([]);
    } finally {
      llm.setRules(weatherRules);
    }
    const next = await agentspec([...weather, '--resume', 'sig', '--save', 'sig'], [QUESTION], {}).done;
    expect(next.stdout).toContain('finished: {"summary":"Sunny and 21°C in Zurich."}');
    expect(next.code).toBe(0);
  });
});

describe('agentspec run holds the lease of the session it runs (in-process)', { timeout: 30_000 }, () => {
  const weather = ['run', repo('examples/specs/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts'), '--offline', repo('examples/scripted-llm/weather-agent.yaml')];

  it('refuses a session another holder leases, before anything runs; releases its own after saving, after a failure and after a refusal', async () => {
    const db = files('in-process.db');
    const store = await openSessionStore(db);
    try {
      const lease = await store.acquire('held', { owner: 'the nightly job' });
      const refused = await cliWithInput(['Hello'], ...weather, '--save', 'held', '--store', db);
      expect(refused.stderr).toMatch(/^agentspec: error AS_SESSION_BUSY: session 'held' is in use by the nightly job \(pid \d+ on .+\) until \S+Z\n {2}hint: /);
      expect(refused.stdout).toBe('');
      expect(refused.code).toBe(75);
      await lease.release();

      // this process stays alive: each run below leases again only if the one before released
      expect((await cliWithInput(['Hello'], ...weather, '--save', 'held', '--store', db)).code).toBe(0);
      expect((await cliWithInput([QUESTION], ...weather, '--resume', 'held', '--save', 'held', '--store', db)).code).toBe(0);
      expect((await cliWithInput([], ...weather, '--resume', 'nope', '--store', db)).stderr).toContain('AS_SESSION_NOT_FOUND');
      expect((await cliWithInput([], ...weather, '--resume', 'held', '--runtime', 'langgraph', '--store', db)).stderr).toContain('AS_RESUME_MISMATCH');
      await (await store.acquire('held')).release();
      await (await store.acquire('nope')).release();
    } finally {
      await store.close();
    }
  });

  it('a JSON file: refused while its lock is held; --save into a missing folder is AS_CANNOT_WRITE before anything runs', async () => {
    const file = files('held.json');
    const lease = await acquireFileLease(file);
    const refused = await cliWithInput(['Hello'], ...weather, '--save', file);
    expect(refused.stderr).toContain(`AS_SESSION_BUSY: session '${file}' is in use by pid ${process.pid} on `);
    expect(refused.code).toBe(75);
    await lease.release();
    expect((await cliWithInput(['Hello'], ...weather, '--save', file)).code).toBe(0);
    expect(existsSync(`${file}.lock`)).toBe(false);

    const missing = await cliWithInput(['Hello'], ...weather, '--save', files('no-such-folder/x.json'));
    expect(missing.stderr).toBe(`agentspec: error AS_CANNOT_WRITE: cannot write ${files('no-such-folder/x.json')}: no such file or folder\n`);
    expect(missing.stdout).toBe('');
    expect(missing.code).toBe(2);
  });
});
