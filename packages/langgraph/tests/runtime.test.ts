import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import type { RuntimeEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { LANGGRAPH_RUNTIME_NAME, langgraphRuntime } from '../src/index.js';
import { flatFlow } from '../src/runtime/graph-engine.js';
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

  it('runs a flow whose nodes invoke no subgraph with one checkpoint per run in memory (durability exit): it pauses, fails and retries where it stopped', async () => {
    const ref = (id: string) => ({ $component_ref: id });
    const n = [{ title: 'n', type: 'integer' }];
    const ids = ['start', 'inc', 'ask', 'flaky', 'inc2', 'end'];
    const flow = deserialize({
      component_type: 'Flow', id: 'flat', name: 'flat', start_node: ref('start'), nodes: ids.map(ref), data_flow_connections: null,
      control_flow_connections: ids.slice(1).map((to, i) => ({ component_type: 'ControlFlowEdge', id: `c${i}`, name: `c${i}`, from_node: ref(ids[i]!), to_node: ref(to) })),
      $referenced_components: {
        start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: n },
        inc: { component_type: 'ToolNode', id: 'inc', name: 'inc', tool: ref('increment') },
        ask: { component_type: 'InputMessageNode', id: 'ask', name: 'ask', message: 'Go on?' },
        flaky: { component_type: 'ToolNode', id: 'flaky', name: 'flaky', tool: { component_type: 'ServerTool', id: 'check', name: 'check', inputs: n, outputs: n } },
        inc2: { component_type: 'ToolNode', id: 'inc2', name: 'inc2', tool: ref('increment') },
        end: { component_type: 'EndNode', id: 'end', name: 'end', outputs: n },
        increment: { component_type: 'ServerTool', id: 'increment', name: 'increment', inputs: n, outputs: n },
      },
      agentspec_version: '25.4.1',
    });
    expect(flatFlow(flow as never)).toBe(true);
    expect(flatFlow(deserialize(PAUSE_FLOW) as never)).toBe(false); // its AgentNode invokes the agent's graph
    let checks = 0;
    const tools = {
      increment: ({ n: v }: Record<string, unknown>) => ({ n: Number(v) + 1 }),
      check: ({ n: v }: Record<string, unknown>) => {
        if (++checks === 1) throw new Error('not yet');
        return { n: v };
      },
    };
    const app = await langgraphRuntime().load(flow, { tools });
    const session = app.start({ inputs: { n: 1 } });
    expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{ role: 'assistant', content: 'Go on?' }] });
    session.appendUserMessage('yes');
    await expect(session.run()).rejects.toMatchObject({ code: expect.stringMatching(/^AS_/) });
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { n: 3 } });
    expect(checks).toBe(2);
    await app.close();
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
