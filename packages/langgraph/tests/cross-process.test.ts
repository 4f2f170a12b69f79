/**
 * A session paused in this process is resumed in another one, and again in a
 * third, through a checkpointer both can reach: SQLite (a temp file) and
 * PostgreSQL (the server of tests/setup/postgres.ts). The children import the
 * built packages (`pnpm build` runs before the tests).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import type { RunStatus, SavedSession } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { langgraphRuntime, type CheckpointerOption } from '../src/index.js';
import { PAUSE_FLOW, PAUSE_FLOW_RULES, PAUSE_FLOW_TOOLS } from './fixtures/pause-flow.js';

const child = new URL('./fixtures/resume-child.mjs', import.meta.url);

function resumeElsewhere(input: Record<string, unknown>): Promise<{ status: RunStatus; saved: SavedSession }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child.pathname], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}: ${err}`))));
    p.stdin.end(JSON.stringify(input));
  });
}

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: PAUSE_FLOW_RULES });
});
afterAll(() => llm.close());

async function pauseHereResumeTwiceElsewhere(checkpointer: CheckpointerOption): Promise<void> {
  llm.clear();
  const app = await langgraphRuntime().load(deserialize(PAUSE_FLOW), { checkpointer, tools: PAUSE_FLOW_TOOLS, llm: { override: { url: llm.url } } });
  const session = app.start({ inputs: { place: 'Rome' } });
  expect((await session.run()).type).toBe('user_input');
  const saved = await session.save();
  await app.close();

  const common = { spec: PAUSE_FLOW, checkpointer, llmUrl: llm.url };
  const second = await resumeElsewhere({ ...common, saved, action: { user: 'Ada' } });
  expect(second.status.type).toBe('tool_request');
  expect(second.status.type === 'tool_request' && second.status.requests.map((r) => [r.name, r.args])).toEqual([['pick_file', { pattern: 'notes*' }]]);

  const third = await resumeElsewhere({ ...common, saved: second.saved, action: { toolResult: 'notes.md' } });
  expect(third.status).toMatchObject({ type: 'finished', outputs: { name: 'ADA' }, branch: 'next' });
  expect(third.status.messages.map((m) => [m.role, m.content])).toEqual([
    ['assistant', 'Welcome to Rome. Your name?'],
    ['user', 'Ada'],
    ['assistant', ''],
    ['tool', 'notes.md'],
    ['assistant', 'Your file is notes.md.'],
  ]);
  // each LLM turn was asked once, across three processes
  expect(llm.requests.map((r) => r.messages.at(-1)?.content)).toEqual(['Ada', 'notes.md']);
}

// each test starts two node processes that load LangChain: seconds, more on a busy machine
describe('resume in another process', { timeout: 60_000 }, () => {
  it('with SQLite (a file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentspec-langgraph-'));
    try {
      await pauseHereResumeTwiceElsewhere({ kind: 'sqlite', path: join(dir, 'checkpoints.sqlite') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with PostgreSQL', async () => {
    const pg = inject('postgres');
    if (!pg.url) throw new Error(`no PostgreSQL server for this test: ${pg.error ?? 'unknown reason'} (set AGENTSPEC_TEST_POSTGRES_URL to use one)`);
    await pauseHereResumeTwiceElsewhere({ kind: 'postgres', url: pg.url });
  });
});
