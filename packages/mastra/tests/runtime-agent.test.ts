import { deserialize, type Agent } from '@agentspec/core';
import { referenceRuntime, type RuntimeEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTRA_RUNTIME_NAME, mastraRuntime } from '../src/index.js';
import { FILES_AGENT } from './fixtures.js';

const spec = deserialize(FILES_AGENT) as Agent;
let llm: ScriptedLlm;
const deployed: unknown[] = [];
const tools = { deploy: (args: Record<string, unknown>) => (deployed.push(args), 'deployed') };

beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'deploy' } }, answer: { text: 'OK, not deployed.' } },
      { match: { lastToolResult: { tool: 'pick_file' } }, answer: { toolCalls: [{ name: 'deploy', arguments: { path: 'notes.md' } }] } },
      { match: { lastUserMessage: 'Deploy my notes' }, answer: { text: 'Looking.', toolCalls: [{ name: 'pick_file', arguments: { pattern: 'notes*' } }] } },
    ],
  });
});
afterAll(() => llm.close());

const load = () => mastraRuntime().load(spec, { tools, llm: { override: { url: llm.url } } });

describe('mastraRuntime: an Agent', () => {
  it('stops for a client tool, then for a confirmation; a rejected call is never run and the LLM is told why', async () => {
    const app = await load();
    const session = app.start({ inputs: { user: 'Ada' } });
    session.appendUserMessage('Deploy my notes');
    const request = await session.run();
    expect(request).toMatchObject({ type: 'tool_request', requests: [{ name: 'pick_file', args: { pattern: 'notes*' } }] });
    expect(request.messages).toEqual([
      { role: 'user', content: 'Deploy my notes' },
      { role: 'assistant', content: 'Looking.', sender: 'Files agent', toolCalls: [{ id: expect.any(String), name: 'pick_file', args: { pattern: 'notes*' } }] },
    ]);
    if (request.type !== 'tool_request') throw new Error('expected a tool request');
    // the same session, resumed from JSON in the same app (Mastra's in-memory store holds the stopped run)
    const resumed = await app.resume(JSON.parse(JSON.stringify(await session.save())));
    resumed.appendToolResults([{ id: request.requests[0]!.id, content: 'notes.md' }]);
    const confirm = await resumed.run();
    expect(confirm).toMatchObject({ type: 'tool_confirmation', requests: [{ name: 'deploy', args: { path: 'notes.md' } }] });
    if (confirm.type !== 'tool_confirmation') throw new Error('expected a confirmation');
    resumed.decide(confirm.requests[0]!.id, 'reject', 'not now');
    const done = await resumed.run();
    expect(done.type).toBe('user_input');
    expect(deployed).toEqual([]);
    expect(done.messages.slice(2).map((m) => [m.role, m.content])).toEqual([
      ['tool', 'notes.md'],
      ['assistant', ''],
      ['tool', 'The user rejected this call of deploy: not now'],
      ['assistant', 'OK, not deployed.'],
    ]);
    expect(llm.requests.at(-1)?.systemPrompt).toBe('Help Ada with files.');
    await app.close();
  });

  it('streams the run as events, ending with its status', async () => {
    const app = await load();
    const session = app.start();
    session.appendUserMessage('Deploy my notes');
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'tool_request' } });
    expect(events.map((e) => e.type)).toContain('AgentExecutionStart');
    // the client tool's answer resumes the turn: the LLM span of the step that asked for it ends with the tokens it used
    const pick = events.at(-1) as unknown as { status: { requests: { id: string }[] } };
    session.appendToolResults([{ id: pick.status.requests[0]!.id, content: 'notes.md' }]);
    const more: RuntimeEvent[] = [];
    for await (const e of session.stream()) more.push(e);
    const llmEnd = more.find((e) => e.type === 'LlmGenerationResponse') as { attributes: Record<string, unknown> } | undefined;
    expect(llmEnd?.attributes.usage).toEqual({ promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
    await app.close();
  });

  it('checks what the caller gives against the status', async () => {
    const app = await load();
    const session = app.start();
    expect(() => session.appendToolResults([{ id: 'nope', content: 1 }])).toThrowError(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    expect(() => session.decide('nope', 'approve')).toThrowError(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    const other = await referenceRuntime().load(spec, { tools }).then((a) => a.start().save());
    await expect(app.resume(other)).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH' });
    expect((await session.save()).runtime).toBe(MASTRA_RUNTIME_NAME);
    await app.close();
  });

  it('finishes through Mastra\'s native structured output when asked to', async () => {
    const native = await startScriptedLlm({ strict: true, rules: [{ match: { lastUserMessage: 'Capital of France?' }, answer: { structured: { answer: 'Paris' } } }] });
    const withOutputs = { ...spec, tools: [], outputs: [{ title: 'answer', type: 'string' as const }] };
    const app = await mastraRuntime({ structuredOutput: 'native' }).load(withOutputs, { llm: { override: { url: native.url } } });
    const session = app.start();
    session.appendUserMessage('Capital of France?');
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { answer: 'Paris' } });
    expect(native.requests[0]?.responseFormat).toMatchObject({ type: 'json_schema', schema: { properties: { answer: { type: 'string' } } } });
    expect(native.requests[0]?.tools.map((t) => t.name)).toEqual([]);
    await app.close();
    await native.close();
  });

  it('refuses at load what it cannot run', async () => {
    await expect(mastraRuntime().load(spec.tools[0] as never)).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
    await expect(mastraRuntime().load(spec, {})).rejects.toMatchObject({ code: 'AS_MISSING_TOOL' });
  });
});
