import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize } from '@agentspec/core';
import type { App, RunStatus, RuntimeLoadOptions, Session } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { LibSQLStore } from '@mastra/libsql';
import { InMemoryStore, type MastraCompositeStore } from '@mastra/core/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mastraRuntime, type MastraStorageOption } from '../src/index.js';
import { caseSpec, DEPLOY, FILES_AGENT, FILES_AGENT_RULES, PAUSING_FLOW } from './fixtures.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: FILES_AGENT_RULES,
  });
});
afterAll(() => llm.close());

const requestId = (s: RunStatus) => (s as unknown as { requests: { id: string }[] }).requests[0]!.id;

async function load(spec: string, storage: MastraStorageOption | undefined, options: Pick<RuntimeLoadOptions, 'retainFinished'> = {}): Promise<App> {
  return mastraRuntime(storage ? { storage } : {}).load(deserialize(spec), { tools: DEPLOY, llm: { override: { url: llm.url } }, ...options });
}

/** PAUSING_FLOW through its three pauses (a user message, a client tool, a confirmation) to the end. */
async function finishFlow(app: App): Promise<Session> {
  const session = app.start();
  expect((await session.run()).type).toBe('user_input');
  session.appendUserMessage('*.md');
  const asked = await session.run();
  session.appendToolResults([{ id: requestId(asked), content: 'notes.md' }]);
  const confirm = await session.run();
  session.decide(requestId(confirm), 'approve');
  expect(await session.run()).toMatchObject({ type: 'finished', outputs: { url: 'https://example.test/notes.md' } });
  return session;
}

/** The workflow runs a store holds. */
async function runsIn(store: MastraCompositeStore): Promise<{ runId: string; workflowName: string }[]> {
  const workflows = await store.getStore('workflows');
  return ((await workflows?.listWorkflowRuns({ perPage: false }))?.runs ?? []).map((r) => ({ runId: r.runId, workflowName: r.workflowName }));
}

const runIdOf = async (session: Session) => ((await session.save()).state as { runId: string }).runId;

describe("finished sessions' workflow runs are pruned from Mastra's storage", () => {
  it('retainFinished: 0 deletes the run of each finished flow session and keeps those still suspended', async () => {
    const store = new InMemoryStore();
    const app = await load(PAUSING_FLOW, store, { retainFinished: 0 });
    const waiting = app.start();
    await waiting.run();
    const finished = [await finishFlow(app), await finishFlow(app)];
    expect(await runsIn(store)).toEqual([{ runId: await runIdOf(waiting), workflowName: 'pausing' }]);

    // a pruned session still answers its messages and save(), and refuses to run
    const session = finished[0] as Session;
    expect(session.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    const resumed = await app.resume(JSON.parse(JSON.stringify(await session.save())));
    expect(resumed.messages).toEqual(session.messages);
    await expect(resumed.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
    await app.close();
  });

  it('retainFinished: n keeps the runs of the n sessions that finished last; a store the user gives is kept whole by default', async () => {
    const store = new InMemoryStore();
    const app = await load(PAUSING_FLOW, store, { retainFinished: 1 });
    const sessions = [await finishFlow(app), await finishFlow(app), await finishFlow(app)];
    expect((await runsIn(store)).map((r) => r.runId)).toEqual([await runIdOf(sessions[2] as Session)]);

    const users = new InMemoryStore();
    const theirs = await load(PAUSING_FLOW, users);
    for (let i = 0; i < 3; i++) await finishFlow(theirs);
    expect(await runsIn(users)).toHaveLength(3);
    await Promise.all([app.close(), theirs.close()]);
  });

  it('deletes the runs of a subflow too (FlowNode), under the same run id', async () => {
    const store = new InMemoryStore();
    const app = await mastraRuntime({ storage: store }).load(caseSpec('flows/flow-node-shared-conversation'), { retainFinished: 0 });
    const session = app.start({ inputs: { name: 'Ada' } });
    expect((await session.run()).type).toBe('user_input');
    expect((await runsIn(store)).length).toBeGreaterThan(0);
    session.appendUserMessage('Blue');
    expect((await session.run()).type).toBe('finished');
    expect(await runsIn(store)).toEqual([]);
    await app.close();
  });

  it('an agent session leaves no run behind once its turn is over (Mastra drops its agent-loop snapshots itself)', async () => {
    const store = new InMemoryStore();
    const app = await load(FILES_AGENT, store);
    const session = app.start();
    session.appendUserMessage('Deploy my notes');
    const asked = await session.run();
    expect(asked.type).toBe('tool_request');
    expect((await runsIn(store)).length).toBeGreaterThan(0);
    session.appendToolResults([{ id: requestId(asked), content: 'notes.md' }]);
    const confirm = await session.run();
    session.decide(requestId(confirm), 'approve');
    expect((await session.run()).type).toBe('user_input');
    expect(await runsIn(store)).toEqual([]);
    await app.close();
  });

  it("in-save: a finished session's save carries no runs, and it resumes", async () => {
    const app = await load(PAUSING_FLOW, { kind: 'in-save' });
    const session = await finishFlow(app);
    const saved = await session.save();
    expect((saved.state as { runs?: unknown[] }).runs).toEqual([]);
    const resumed = await app.resume(JSON.parse(JSON.stringify(saved)));
    expect(resumed.messages).toEqual(session.messages);
    await app.close();
  });

  it('LibSQL: kept by default; retainFinished deletes the finished runs from the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentspec-mastra-prune-'));
    try {
      const url = `file:${join(dir, 'runs.db')}`;
      const kept = await load(PAUSING_FLOW, url);
      const first = await finishFlow(kept);
      await kept.close();
      const pruned = await load(PAUSING_FLOW, url, { retainFinished: 0 });
      await finishFlow(pruned);
      await pruned.close();
      const store = new LibSQLStore({ id: 'check', url });
      expect((await runsIn(store)).map((r) => r.runId)).toEqual([await runIdOf(first)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
