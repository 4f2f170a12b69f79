/**
 * `agentspec run` stopped by a signal mid-run (the built bin in a child
 * process; `pnpm build` first): SIGTERM exits 143 and SIGINT 130 — never 0,
 * which the OpenAI Agents SDK's tracing listener would exit with — printing one
 * line and no stack trace; with --save the session is saved as it was.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { agentspecAsync, BIN, NOT_A_BUG } from './bin-process.js';
import { tempFiles } from './helpers.js';

const SPEC = `component_type: Agent
id: slow
name: slow
system_prompt: Be brief.
llm_config: { component_type: OpenAiCompatibleConfig, id: llm, name: m, model_id: scripted-model, url: http://127.0.0.1:9 }
agentspec_version: 25.4.1
`;
const files = tempFiles({ 'slow.yaml': SPEC });

let llm: ScriptedLlm;
let arrived: () => void = () => undefined;
beforeAll(async () => {
  // the answer never comes within the test: the run hangs in its LLM request
  llm = await startScriptedLlm({ rules: [{ answer: { text: 'late', delayMs: 120_000 } }], onRequest: () => arrived() });
});
afterAll(() => llm.close());

interface Stopped { readonly code: number | null; readonly signal: string | null; readonly stderr: string; readonly stdout: string }

/** Run the slow agent, send `signal` once its LLM request arrived, and wait for the exit. */
function runAndStop(signal: NodeJS.Signals, args: readonly string[]): Promise<Stopped> {
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', files('slow.yaml'), '--llm-url', llm.url, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.on('error', reject);
    child.on('close', (code, sig) => resolve({ code, signal: sig, stdout, stderr }));
    child.stdin.end('Hi\n');
    void requested.then(() => child.kill(signal));
  });
}

describe('agentspec run stopped by a signal', { timeout: 60_000 }, () => {
  for (const runtime of ['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra']) {
    it(`SIGTERM on ${runtime}: exit 143, one line, no stack trace`, async () => {
      const r = await runAndStop('SIGTERM', ['--runtime', runtime]);
      expect(r.stderr).not.toMatch(NOT_A_BUG);
      expect(r.stderr).toBe('agentspec: stopped by SIGTERM: the run was aborted\n');
      expect(r.code).toBe(143);
    });
  }

  it('SIGINT: exit 130', async () => {
    const r = await runAndStop('SIGINT', ['--runtime', 'openai-agents']);
    expect(r.stderr).toBe('agentspec: stopped by SIGINT: the run was aborted\n');
    expect(r.code).toBe(130);
  });

  it('with --save the session is saved as it was when the signal came', async () => {
    const out = files('stopped.json');
    const r = await runAndStop('SIGTERM', ['--save', out]);
    expect(r.stderr).toBe(`agentspec: stopped by SIGTERM: the run was aborted (saved to ${out})\n`);
    expect(r.code).toBe(143);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ runtime: 'reference' });
    // resumed, the interrupted turn is asked again
    llm.setRules([{ answer: { text: 'on time' } }]);
    try {
      const resumed = await agentspecAsync(['run', files('slow.yaml'), '--llm-url', llm.url, '--resume', out]);
      expect(resumed.stdout).toContain('assistant (slow): on time');
      expect(resumed.code).toBe(0);
      expect(llm.lastRequest()?.messages.at(-1)).toMatchObject({ role: 'user', content: 'Hi' });
    } finally {
      llm.setRules([{ answer: { text: 'late', delayMs: 120_000 } }]);
    }
  });
});
