/**
 * `agentspec run` as a user runs it: the built bin in child processes (run
 * `pnpm build` first). A session saved by one process is resumed by another
 * through the session store, on every runtime; the LLM is the scripted server
 * of this test process, so its requests are counted across both processes.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesFile, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { tempFiles } from './helpers.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const repo = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));
const RUNTIMES = ['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra'] as const;

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built `agentspec` in a child process, with `lines` on stdin. */
function agentspec(args: readonly string[], lines: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  });
}

const files = tempFiles({});
const flow = ['run', repo('conformance/cases/persistence/resume-at-input-message-node/spec.yaml'), '--tools', repo('packages/cli/tests/fixtures/library-tools.ts')];

/** Process A stops the welcome flow at its InputMessageNode and saves it; process B resumes it with the user's name. */
async function pauseThenResume(runtime: string, store: string, name: string): Promise<void> {
  const first = await agentspec([...flow, '--runtime', runtime, '--input', 'place=the museum', '--save', name, '--store', store]);
  expect(first.stderr).not.toMatch(/AS_|error/i);
  expect(first.stdout).toContain(`stopped: waiting for user input (saved as '${name}' in `);
  expect(first.code).toBe(0);
  // no --runtime: the session resumes on the runtime it was saved on
  const second = await agentspec([...flow, '--resume', name, '--store', store], ['Ada']);
  expect(second.stdout).toContain('assistant (greet): HELLO ADA!');
  expect(second.stdout).toContain('finished on branch next: {"name":"ADA"}');
  expect(second.code).toBe(0);
}

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm(await loadRulesFile(repo('examples/scripted-llm/weather-agent.yaml')));
});
afterAll(() => llm.close());

// each case starts two node processes that load the frameworks: seconds each on a busy machine
describe('agentspec run --save / --resume across processes', { timeout: 90_000 }, () => {
  it.each(RUNTIMES)('%s: a flow paused at an InputMessageNode resumes in another process (SQLite store)', async (runtime) => {
    await pauseThenResume(runtime, files('sessions.db'), `visit-${runtime}`);
  });

  it.each(RUNTIMES)('%s: an agent saved between turns resumes in another process, asking the LLM only the turns left', async (runtime) => {
    llm.clear();
    const weather = ['run', repo('examples/specs/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts'), '--llm-url', llm.url, '--store', files('sessions.db')];
    const first = await agentspec([...weather, '--runtime', runtime, '--save', `chat-${runtime}`], ['Hello']);
    expect(first.stdout).toContain('assistant (Weather assistant): Hello! Which city?');
    expect(first.code).toBe(0);
    const second = await agentspec([...weather, '--resume', `chat-${runtime}`], ['What is the weather in Zurich?']);
    expect(second.stdout).toContain('finished: {"summary":"Sunny and 21°C in Zurich."}');
    expect(second.code).toBe(0);
    // the same three LLM turns as in one process: no turn re-run after the resume, no reply repeated
    expect(llm.requests.map((r) => r.messages.at(-1)?.content)).toEqual(['Hello', 'What is the weather in Zurich?', 'sunny, 21°C in Zurich']);
    expect(second.stdout.split('\n').filter((l) => l.includes('Hello! Which city?'))).toHaveLength(1);
  });

  it.each(['langgraph', 'mastra'])('%s: --save file.json still works, and now resumes in another process too', async (runtime) => {
    const first = await agentspec([...flow, '--runtime', runtime, '--input', 'place=the museum', '--save', files(`${runtime}.json`), '--store', files('sessions.db')]);
    expect(first.stdout).toContain(`(saved to ${files(`${runtime}.json`)})`);
    expect(JSON.parse(readFileSync(files(`${runtime}.json`), 'utf8')).runtime).toBe(runtime);
    const second = await agentspec([...flow, '--runtime', runtime, '--resume', files(`${runtime}.json`), '--store', files('sessions.db')], ['Ada']);
    expect(second.stdout).toContain('finished on branch next: {"name":"ADA"}');
    expect(second.code).toBe(0);
  });

  it('a session resumes only on its runtime and spec; an unknown name is AS_SESSION_NOT_FOUND', async () => {
    const store = files('mismatch.db');
    expect((await agentspec([...flow, '--input', 'place=Rome', '--save', 'trip', '--store', store])).code).toBe(0);
    const other = await agentspec([...flow, '--runtime', 'langgraph', '--resume', 'trip', '--store', store], ['Ada']);
    expect(other.stderr).toMatch(/AS_RESUME_MISMATCH:? .*saved on runtime 'reference', not 'langgraph'/);
    expect(other.code).toBe(3);
    const missing = await agentspec([...flow, '--resume', 'nope', '--store', store], ['Ada']);
    expect(missing.stderr).toMatch(/AS_SESSION_NOT_FOUND:? no session 'nope'/);
    expect(missing.code).toBe(3);
    const otherSpec = await agentspec(['run', repo('examples/specs/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts'), '--resume', 'trip', '--store', store]);
    expect(otherSpec.stderr).toMatch(/AS_RESUME_MISMATCH:? .*another spec/);
  });

  const pg = process.env.AGENTSPEC_TEST_POSTGRES_URL;
  // langgraph: PostgresSaver on the same database; mastra: its suspended runs inside the saved session
  it.skipIf(!pg).each(['reference', 'langgraph', 'mastra'])('%s: with a PostgreSQL store (AGENTSPEC_TEST_POSTGRES_URL)', async (runtime) => {
    await pauseThenResume(runtime, pg as string, `pg-visit-${runtime}-${process.pid}`);
  });
});

describe('agentspec run --runtime langgraph with an LLM endpoint of its own', { timeout: 60_000 }, () => {
  it('needs no OPENAI_API_KEY for an OpenAiConfig sent elsewhere by --llm-url', async () => {
    const spec = readFileSync(repo('examples/specs/weather-agent.yaml'), 'utf8')
      .replace('component_type: OpenAiCompatibleConfig', 'component_type: OpenAiConfig').replace(/\n {2}url: .*\n/, '\n');
    expect(spec).toContain('component_type: OpenAiConfig');
    const path = tempFiles({ 'openai-agent.yaml': spec })('openai-agent.yaml');
    const { OPENAI_API_KEY: _unset, ...env } = process.env;
    llm.clear();
    const r = await agentspec(['run', path, '--runtime', 'langgraph', '--tools', repo('examples/tools/weather.ts'), '--llm-url', llm.url], ['What is the weather in Zurich?'], env);
    expect(r.stderr).not.toContain('OPENAI_API_KEY');
    expect(r.stdout).toContain('finished: {"summary":"Sunny and 21°C in Zurich."}');
    expect(r.code).toBe(0);
    expect(llm.requests).toHaveLength(2);
  });
});
