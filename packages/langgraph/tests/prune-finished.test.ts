import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySaver, type BaseCheckpointSaver } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App, RuntimeLoadOptions, Session } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { compileLangGraph, langgraphRuntime } from '../src/index.js';
import { caseSpec, TOOLS } from './fixtures/cases.js';

/** An agent with an output: it submits when told `done`, and asks back otherwise. */
const AGENT = caseSpec('agents/submit-result');

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    rules: [{ match: { lastUserMessage: { contains: 'done' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { capital: 'Rome' } }] } }],
    defaultAnswer: { text: 'Tell me more.' },
  });
});
afterAll(() => llm.close());

/** An app on the given checkpointer option, with the saver its graph checkpoints into (the runtime's own when it opened one). */
async function load(options: Pick<RuntimeLoadOptions, 'checkpointer' | 'retainFinished'> = {}): Promise<{ app: App; saver: BaseCheckpointSaver }> {
  let saver: BaseCheckpointSaver | undefined;
  const app = await langgraphRuntime({
    build: (component, opened) => {
      saver = opened.checkpointer;
      return compileLangGraph(component, { checkpointer: opened.checkpointer, tools: TOOLS, ...(opened.llm ? { llm: opened.llm } : {}) });
    },
  }).load(AGENT, { tools: TOOLS, llm: { override: { url: llm.url } }, ...options });
  return { app, saver: saver as BaseCheckpointSaver };
}

async function finish(app: App, stream = false): Promise<Session> {
  const session = app.start();
  session.appendUserMessage('done');
  if (stream) {
    const statuses: string[] = [];
    for await (const e of session.stream()) if (e.type === 'RunStatus') statuses.push(e.status.type);
    expect(statuses).toEqual(['finished']);
  } else {
    expect((await session.run()).type).toBe('finished');
  }
  return session;
}

async function threadOf(session: Session): Promise<string> {
  return ((await session.save()).state as { threadId: string }).threadId;
}

/** The threads a saver holds a checkpoint of. */
async function threads(saver: BaseCheckpointSaver): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const t of saver.list({})) ids.add(String(t.config.configurable?.thread_id));
  return ids;
}

describe('finished sessions are pruned from the checkpointer', () => {
  it('the default MemorySaver keeps no finished thread (run and stream), and keeps the threads of sessions still going', async () => {
    const { app, saver } = await load();
    const waiting = app.start();
    waiting.appendUserMessage('hello');
    expect((await waiting.run()).type).toBe('user_input');
    const finished = [await finish(app), await finish(app, true), await finish(app)];
    const going = await threadOf(waiting);
    expect(await threads(saver)).toEqual(new Set([going]));
    expect(new Set(Object.keys((saver as MemorySaver).writes).map((key) => (JSON.parse(key) as string[])[0]))).toEqual(new Set([going]));

    // the session still going finishes and is pruned in turn
    waiting.appendUserMessage('done');
    expect(await waiting.run()).toMatchObject({ type: 'finished', outputs: { capital: 'Rome' } });
    expect(await threads(saver)).toEqual(new Set());
    expect(Object.keys((saver as MemorySaver).writes)).toEqual([]);

    // a pruned session still answers its messages and save(), resumes in its app, and refuses to run
    const session = finished[0] as Session;
    expect(session.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    const resumed = await app.resume(JSON.parse(JSON.stringify(await session.save())));
    expect(resumed.messages).toEqual(session.messages);
    await expect(resumed.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
    await app.close();
  });

  it('retainFinished: n keeps the threads of the n sessions that finished last', async () => {
    const { app, saver } = await load({ retainFinished: 2 });
    const sessions: Session[] = [];
    for (let i = 0; i < 5; i++) sessions.push(await finish(app));
    expect(await threads(saver)).toEqual(new Set([await threadOf(sessions[3] as Session), await threadOf(sessions[4] as Session)]));
    await app.close();
  });

  it("a saver the user gives is theirs: kept whole by default, pruned with retainFinished; 'all' keeps every thread", async () => {
    const kept = new MemorySaver();
    const a = await load({ checkpointer: kept });
    for (let i = 0; i < 3; i++) await finish(a.app);
    expect((await threads(kept)).size).toBe(3);

    const pruned = new MemorySaver();
    const b = await load({ checkpointer: pruned, retainFinished: 0 });
    for (let i = 0; i < 3; i++) await finish(b.app);
    expect((await threads(pruned)).size).toBe(0);

    const c = await load({ retainFinished: 'all' });
    for (let i = 0; i < 3; i++) await finish(c.app);
    expect((await threads(c.saver)).size).toBe(3);
    await Promise.all([a.app.close(), b.app.close(), c.app.close()]);
  });

  it('SQLite: kept by default; retainFinished deletes the finished threads from the file, and a pruned save still resumes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentspec-prune-'));
    try {
      const path = join(dir, 'checkpoints.sqlite');
      const a = await load({ checkpointer: { kind: 'sqlite', path } });
      const first = await finish(a.app);
      await a.app.close();
      const b = await load({ checkpointer: { kind: 'sqlite', path }, retainFinished: 0 });
      const second = await finish(b.app);
      await b.app.close();
      const file = SqliteSaver.fromConnString(path);
      expect(await threads(file)).toEqual(new Set([await threadOf(first)]));
      file.db.close();

      const c = await load({ checkpointer: { kind: 'sqlite', path } });
      const resumed = await c.app.resume(JSON.parse(JSON.stringify(await second.save())));
      expect(resumed.messages).toEqual(second.messages);
      await c.app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a retainFinished that is not a count or all (AS_OPTIONS_INVALID)', async () => {
    for (const retainFinished of [-1, 1.5, 'some']) {
      await expect(load({ retainFinished: retainFinished as never })).rejects.toMatchObject({ code: 'AS_OPTIONS_INVALID', message: expect.stringContaining("'retainFinished' must be a whole number ≥ 0, or \"all\"") });
    }
  });
});
