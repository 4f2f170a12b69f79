import { deserialize } from '@agentspec/core';
import type { RunStatus, SavedSession, Session } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mastraRuntime } from '../src/index.js';
import { DEPLOY, FILES_AGENT, FILES_AGENT_RULES, PAUSING_FLOW } from './fixtures.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: FILES_AGENT_RULES,
  });
});
afterAll(() => llm.close());

const IN_SAVE = { kind: 'in-save' } as const;
const requestId = (s: RunStatus) => (s as unknown as { requests: { id: string }[] }).requests[0]!.id;

/** Resume `saved` (as JSON, as another process would read it) in a fresh app with its own in-memory store. */
async function elsewhere<T>(spec: string, saved: SavedSession, go: (session: Session) => Promise<T>): Promise<T> {
  const app = await mastraRuntime({ storage: IN_SAVE }).load(deserialize(spec), { tools: DEPLOY, llm: { override: { url: llm.url } } });
  try {
    return await go(await app.resume(JSON.parse(JSON.stringify(saved)) as SavedSession));
  } finally {
    await app.close();
  }
}

describe("storage { kind: 'in-save' }: suspended Mastra runs travel in the save", () => {
  it('a flow suspended at an InputMessageNode resumes in another app with no shared store', async () => {
    const app = await mastraRuntime({ storage: IN_SAVE }).load(deserialize(PAUSING_FLOW), { tools: DEPLOY });
    const session = app.start();
    await session.run();
    const saved = await session.save();
    await app.close();
    expect((saved as unknown as { state: { runs?: { workflowName: string }[] } }).state.runs?.length).toBeGreaterThan(0);
    const status = await elsewhere(PAUSING_FLOW, saved, async (s) => {
      s.appendUserMessage('*.md');
      return s.run();
    });
    expect(status).toMatchObject({ type: 'tool_request', requests: [{ args: { pattern: '*.md' } }] });
  });

  it('an agent stopped at a client tool resumes in another app, and again from that app\'s save', async () => {
    const app = await mastraRuntime({ storage: IN_SAVE }).load(deserialize(FILES_AGENT), { tools: DEPLOY, llm: { override: { url: llm.url } } });
    const session = app.start();
    session.appendUserMessage('Deploy my notes');
    const first = await session.run();
    expect(first.type).toBe('tool_request');
    const saved = await session.save();
    await app.close();
    const second = await elsewhere(FILES_AGENT, saved, async (s) => {
      s.appendToolResults([{ id: requestId(first), content: 'notes.md' }]);
      return { status: await s.run(), saved: await s.save() };
    });
    expect(second.status).toMatchObject({ type: 'tool_confirmation', requests: [{ name: 'deploy', args: { path: 'notes.md' } }] });
    const done = await elsewhere(FILES_AGENT, second.saved, async (s) => {
      s.decide(requestId(second.status), 'approve');
      return s.run();
    });
    expect(done.type).toBe('user_input');
    expect(done.messages.at(-1)?.content).toBe('Deployed.');
    expect(llm.requests).toHaveLength(3);
  });
});
