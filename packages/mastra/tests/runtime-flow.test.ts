import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize } from '@agentspec/core';
import type { RunStatus, RuntimeEvent, SavedSession, TraceEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mastraRuntime } from '../src/index.js';
import { DEPLOY, FILES_AGENT, FILES_AGENT_RULES, PAUSING_FLOW } from './fixtures.js';

let llm: ScriptedLlm;
const dir = mkdtempSync(join(tmpdir(), 'agentspec-mastra-'));

beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: FILES_AGENT_RULES,
  });
});
afterAll(async () => {
  await llm.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Resumes `saved` in a child process on the built package, with the given action. */
function resumeElsewhere(spec: string, saved: SavedSession, action: Record<string, unknown>, storage: string): Promise<{ status: RunStatus; saved: SavedSession }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./resume-child.mjs', import.meta.url))], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin.end(JSON.stringify({ spec, saved, action, storage, llm: llm.url }));
  return new Promise((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err || `exit ${code}`)))));
}

describe('mastraRuntime: a Flow', () => {
  it('suspends at an InputMessageNode, a client tool and a confirmation, and resumes each time', async () => {
    const app = await mastraRuntime().load(deserialize(PAUSING_FLOW), { tools: DEPLOY });
    const session = app.start();
    expect(await session.run()).toEqual({ type: 'user_input', messages: [{ role: 'assistant', content: 'Which files?', sender: 'ask' }] });
    session.appendUserMessage('*.md');
    const request = await session.run();
    expect(request).toMatchObject({ type: 'tool_request', requests: [{ name: 'pick_file', args: { pattern: '*.md' } }] });
    if (request.type !== 'tool_request') throw new Error('expected a tool request');
    expect(await session.run()).toEqual(request); // nothing given: the same request
    session.appendToolResults([{ id: request.requests[0]!.id, content: 'README.md' }]);
    const confirm = await session.run();
    expect(confirm).toMatchObject({ type: 'tool_confirmation', requests: [{ name: 'deploy', args: { path: 'README.md' } }] });
    if (confirm.type !== 'tool_confirmation') throw new Error('expected a confirmation');
    session.decide(confirm.requests[0]!.id, 'approve');
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { url: 'https://example.test/README.md' }, branch: 'next' });
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
    await app.close();
  });

  it('streams node and flow spans, ending with the status', async () => {
    const app = await mastraRuntime().load(deserialize(PAUSING_FLOW), { tools: DEPLOY });
    const events: RuntimeEvent[] = [];
    for await (const e of app.start().stream()) events.push(e);
    expect(events.map((e) => (e.type === 'RunStatus' || e.type === 'RunError' ? e.type : `${e.type}:${e.name}`))).toEqual([
      'FlowExecutionStart:pausing flow', 'NodeExecutionStart:start', 'NodeExecutionEnd:start', 'NodeExecutionStart:ask',
      // the paused node and its flow stay open: the run's end pauses them, the run that resumes them continues them
      'ConversationMessageAdded:ask', 'HumanInTheLoopRequest:ask', 'RunStatus',
    ]);
    const spans = new Map(events.flatMap((e) => (e.type.endsWith('Start') ? [[(e as TraceEvent).name, e as TraceEvent]] : [])));
    expect(spans.get('ask')!.parentSpanId).toBe(spans.get('pausing flow')!.spanId);
    // a resumed run streams too (the events go where this run's RequestContext says, not to the first run's)
    const session = app.start();
    await session.run();
    session.appendUserMessage('*.md');
    const resumed: RuntimeEvent[] = [];
    for await (const e of session.stream()) resumed.push(e);
    expect(resumed.map((e) => (e.type === 'RunStatus' || e.type === 'RunError' ? e.type : `${e.type}:${e.name}`))).toEqual([
      'FlowExecutionStart:pausing flow', 'NodeExecutionStart:ask', 'ConversationMessageAdded:user', 'NodeExecutionEnd:ask',
      'NodeExecutionStart:pick', 'RunStatus', // pick waits for the client tool's result: open, like its flow
    ]);
    await app.close();
  });

  it('says where a save can resume: not in another app with its own in-memory store', async () => {
    const saved = await (async () => {
      const app = await mastraRuntime().load(deserialize(PAUSING_FLOW), { tools: DEPLOY });
      const s = app.start();
      await s.run();
      return s.save();
    })();
    const other = await mastraRuntime().load(deserialize(PAUSING_FLOW), { tools: DEPLOY });
    const session = await other.resume(saved);
    session.appendUserMessage('*.md');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH', message: expect.stringContaining('storage') });
    await other.close();
  });

  it('suspends in one process and resumes in another, both ways, with LibSQL storage (run `pnpm build` first)', async () => {
    const storage = `file:${join(dir, 'flow.db')}`;
    const app = await mastraRuntime({ storage }).load(deserialize(PAUSING_FLOW), { tools: DEPLOY });
    const session = app.start();
    await session.run();
    const elsewhere = await resumeElsewhere(PAUSING_FLOW, await session.save(), { user: '*.md' }, storage);
    expect(elsewhere.status).toMatchObject({ type: 'tool_request', requests: [{ args: { pattern: '*.md' } }] });
    // and back here, from the other process's save
    const back = await app.resume(elsewhere.saved);
    back.appendToolResults([{ id: (elsewhere.status as unknown as { requests: { id: string }[] }).requests[0]!.id, content: 'README.md' }]);
    const confirm = await back.run();
    if (confirm.type !== 'tool_confirmation') throw new Error(`expected a confirmation, got ${confirm.type}`);
    back.decide(confirm.requests[0]!.id, 'approve');
    const done = await back.run();
    expect(done).toMatchObject({ type: 'finished', outputs: { url: 'https://example.test/README.md' } });
    expect(done.messages.map((m) => m.content)).toEqual(['Which files?', '*.md']);
    await app.close();
  }, 30_000);

  it('resumes an agent stopped at a client tool in another process (Mastra agent snapshots in LibSQL)', async () => {
    const storage = `file:${join(dir, 'agent.db')}`;
    const app = await mastraRuntime({ storage }).load(deserialize(FILES_AGENT), { tools: DEPLOY, llm: { override: { url: llm.url } } });
    const session = app.start();
    session.appendUserMessage('Deploy my notes');
    expect((await session.run()).type).toBe('tool_request');
    const elsewhere = await resumeElsewhere(FILES_AGENT, await session.save(), { toolResult: 'notes.md' }, storage);
    expect(elsewhere.status).toMatchObject({ type: 'tool_confirmation', requests: [{ name: 'deploy', args: { path: 'notes.md' } }] });
    const back = await app.resume(elsewhere.saved);
    back.decide((elsewhere.status as unknown as { requests: { id: string }[] }).requests[0]!.id, 'approve');
    const done = await back.run();
    expect(done.type).toBe('user_input');
    expect(done.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Deploy my notes'], ['assistant', ''], ['tool', 'notes.md'], ['assistant', ''], ['tool', 'https://example.test/notes.md'], ['assistant', 'Deployed.'],
    ]);
    await app.close();
  }, 30_000);
});
