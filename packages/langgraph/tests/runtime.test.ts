import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import type { RuntimeEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { LANGGRAPH_RUNTIME_NAME, langgraphRuntime } from '../src/index.js';
import { caseSpec } from './fixtures/cases.js';
import { PAUSE_FLOW, PAUSE_FLOW_RULES, PAUSE_FLOW_TOOLS } from './fixtures/pause-flow.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: PAUSE_FLOW_RULES });
});
afterAll(() => llm.close());

const load = (checkpointer?: unknown) => langgraphRuntime().load(deserialize(PAUSE_FLOW), { tools: PAUSE_FLOW_TOOLS, llm: { override: { url: llm.url } }, ...(checkpointer ? { checkpointer } : {}) });

describe('langgraphRuntime', () => {
  it('is named langgraph and saves the thread id and a description of the checkpointer', async () => {
    const app = await load();
    const session = app.start({ inputs: { place: 'Oslo' } });
    expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{ role: 'assistant', content: 'Welcome to Oslo. Your name?', sender: 'ask' }] });
    const saved = await session.save();
    expect(saved).toMatchObject({ runtime: LANGGRAPH_RUNTIME_NAME, format: 2, component: 'pause_flow', state: { checkpointer: { kind: 'memory' }, phase: 'paused', threadId: expect.any(String) } });

    const resumed = await app.resume(JSON.parse(JSON.stringify(saved)));
    expect(await resumed.run()).toMatchObject({ type: 'user_input' }); // nothing given: still waiting, nothing ran
    resumed.appendUserMessage('Ada');
    const asked = await resumed.run();
    expect(asked.type).toBe('tool_request');
    expect(() => resumed.appendToolResults([{ id: 'nope', content: 'x' }])).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    resumed.appendToolResults([{ id: asked.type === 'tool_request' ? asked.requests[0]!.id : '', content: 'notes.md' }]);
    expect(await resumed.run()).toMatchObject({ type: 'finished', outputs: { name: 'ADA' }, branch: 'next' });
    await expect(resumed.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
    await app.close();
  });

  it('refuses a save its checkpointer does not hold (AS_RESUME_MISMATCH)', async () => {
    const first = await load();
    const session = first.start({ inputs: { place: 'Oslo' } });
    await session.run();
    const saved = await session.save();
    const other = await load();
    await expect(other.resume(saved)).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH', message: expect.stringContaining('not in this app') });
    const dir = mkdtempSync(join(tmpdir(), 'agentspec-langgraph-'));
    const sqlite = await load({ kind: 'sqlite', path: join(dir, 'c.sqlite') });
    await expect(sqlite.resume(saved)).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH' });
    await Promise.all([first.close(), other.close(), sqlite.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams the run as trace events, the status last', async () => {
    const app = await load();
    const session = app.start({ inputs: { place: 'Oslo' } });
    await session.run();
    session.appendUserMessage('Ada');
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    const types = events.map((e) => e.type);
    expect(types.at(-1)).toBe('RunStatus');
    expect(types).toEqual(expect.arrayContaining(['NodeExecutionStart', 'NodeExecutionEnd', 'ToolExecutionRequest', 'LlmGenerationRequest', 'LlmGenerationResponse']));
    const names = events.filter((e) => e.type === 'NodeExecutionStart').map((e) => (e as { name: string }).name);
    expect(names).toEqual(['ask', 'shout', 'helper']);
    // the LLM span ends with the tokens the call used, as the reference writes them
    const llmEnd = events.find((e) => e.type === 'LlmGenerationResponse') as { attributes: Record<string, unknown> } | undefined;
    expect(llmEnd?.attributes.usage).toEqual({ promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
    await app.close();
  });

  it('is cancelled through the load signal (AS_CANCELLED)', async () => {
    const slow = await startScriptedLlm([{ match: { lastUserMessage: 'Hi' }, answer: { delayMs: 5000, text: 'late' } }]);
    const abort = new AbortController();
    const app = await langgraphRuntime().load(caseSpec('agents/multi-turn-conversation'), { llm: { override: { url: slow.url } }, signal: abort.signal });
    const session = app.start({ inputs: { user: 'Ada' } });
    session.appendUserMessage('Hi');
    setTimeout(() => abort.abort(), 100);
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_CANCELLED' });
    await app.close();
    await slow.close();
  });

  it('retries a failed run from its last checkpoint', async () => {
    const flaky = await startScriptedLlm({ strict: true, rules: [
      { match: { lastUserMessage: 'Hi' }, times: 1, answer: { error: { status: 500 } } },
      { match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello!' } },
    ] });
    const app = await langgraphRuntime().load(caseSpec('agents/multi-turn-conversation'), { llm: { override: { url: flaky.url }, retries: 0 } });
    const session = app.start({ inputs: { user: 'Ada' } });
    session.appendUserMessage('Hi');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_LLM_HTTP', site: { agent: 'chat_agent' } });
    expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }] });
    expect(flaky.requests).toHaveLength(2);
    await app.close();
    await flaky.close();
  });
});
