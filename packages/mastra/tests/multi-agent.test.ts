import { deserialize, type Component } from '@agentspec/core';
import type { RuntimeError, RuntimeEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMastra, mastraRuntime } from '../src/index.js';
import { caseSpec } from './fixtures.js';

const manager = caseSpec('multi-agent/manager-two-workers-one-turn');
const desk = caseSpec('multi-agent/swarm-transfer-optional');
const tools = { lookup_capital: () => 'Paris', to_upper: ({ text }: Record<string, unknown>) => String(text).toUpperCase() };
let llm: ScriptedLlm;

beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { systemPromptContains: 'You are the manager', lastToolResult: { tool: 'Writer' } }, answer: { text: 'Paris, and HELLO.' } },
      { match: { systemPromptContains: 'You are the manager', lastUserMessage: 'Brief me' }, answer: { toolCalls: [{ name: 'Researcher', arguments: { message: 'Capital of France?' } }, { name: 'Writer', arguments: { message: 'Shout hello' } }] } },
      { match: { systemPromptContains: 'You are Researcher', lastToolResult: { tool: 'lookup_capital' } }, answer: { text: 'The capital is Paris.' } },
      { match: { systemPromptContains: 'You are Researcher' }, answer: { toolCalls: [{ name: 'lookup_capital', arguments: { country: 'France' } }] } },
      { match: { systemPromptContains: 'You are Writer', lastToolResult: { tool: 'to_upper' } }, answer: { text: 'HELLO' } },
      { match: { systemPromptContains: 'You are Writer' }, answer: { toolCalls: [{ name: 'to_upper', arguments: { text: 'hello' } }] } },
      { match: { systemPromptContains: 'You are Triage', lastUserMessage: 'My invoice is wrong' }, answer: { toolCalls: [{ name: 'transfer_to_Billing', arguments: {} }] } },
      { match: { systemPromptContains: 'You are Billing', lastToolResult: { tool: 'transfer_to_Billing' } }, answer: { text: 'Billing here: I will correct your invoice.' } },
      { match: { systemPromptContains: 'You are Billing', lastUserMessage: 'Thanks' }, answer: { text: 'You are welcome.' } },
      { match: { systemPromptContains: 'You pick files' }, answer: { toolCalls: [{ name: 'pick_file', arguments: {} }] } },
    ],
  });
});
afterAll(() => llm.close());

describe('compileMastra: a ManagerWorkers as Mastra agents as tools', () => {
  it('makes the manager a Mastra Agent whose workers are tools running their own Mastra Agents; Mastra alone runs it', async () => {
    const compiled = compileMastra(manager, { tools, llm: { override: { url: llm.url } } });
    if (compiled.kind !== 'group') throw new Error('expected a group');
    expect(Object.keys(await compiled.agent.listTools())).toEqual(['Researcher', 'Writer']);
    expect(Object.keys(compiled.agents).sort()).toEqual(['manager', 'researcher', 'writer']);
    // plain Mastra: agent.generate runs the manager, whose tool calls run the workers' agents
    const result = await compiled.agent.generate('Brief me');
    expect(result.text).toBe('Paris, and HELLO.');
    expect(result.toolResults.map((r) => (r as { payload: { result: unknown } }).payload.result)).toEqual(['The capital is Paris.', 'HELLO']);
    await compiled.close();
  });

  it('gives each Swarm agent its send_message and transfer tools as the handoff mode says (an asked agent no transfers)', async () => {
    const compiled = compileMastra(desk, { llm: { override: { url: llm.url } } });
    if (compiled.kind !== 'group') throw new Error('expected a group');
    expect(Object.keys(await compiled.owners.triage!.listTools())).toEqual(['send_message_to_Billing', 'transfer_to_Billing']);
    expect(Object.keys(await compiled.owners.billing!.listTools())).toEqual([]);
    expect(Object.keys(compiled.agents).sort()).toEqual(['billing', 'billing.asked', 'triage', 'triage.asked']);
    const always = compileMastra({ ...desk, handoff: 'always' } as Component, { llm: { override: { url: llm.url } } });
    if (always.kind !== 'group') throw new Error('expected a group');
    expect(Object.keys(await always.agent.listTools())).toEqual(['transfer_to_Billing']);
  });
});

describe('mastraRuntime: Swarms and ManagerWorkers as Mastra Agents', () => {
  it('runs a transfer: the recipient Agent answers at once, and keeps the conversation in an app that resumes the saved session', async () => {
    const load = () => mastraRuntime().load(desk, { llm: { override: { url: llm.url } } });
    const app = await load();
    const session = app.start();
    session.appendUserMessage('My invoice is wrong');
    const first = await session.run();
    expect(first.messages.map((m) => [m.sender ?? m.role, m.content])).toEqual([
      ['user', 'My invoice is wrong'], ['Triage', ''], ['transfer_to_Billing', '{"assistant":"Billing"}'], ['Billing', 'Billing here: I will correct your invoice.'],
    ]);
    const saved = JSON.parse(JSON.stringify(await session.save()));
    await app.close();
    // no Mastra run is left suspended between turns: the saved JSON is the whole state
    const other = await load();
    const resumed = await other.resume(saved);
    resumed.appendUserMessage('Thanks');
    const events: RuntimeEvent[] = [];
    for await (const e of resumed.stream()) events.push(e);
    const last = events.at(-1) as unknown as { type: string; status: { messages: unknown[] } };
    expect(last.type).toBe('RunStatus');
    expect(last.status.messages.at(-1)).toEqual({ role: 'assistant', content: 'You are welcome.', sender: 'Billing' });
    // the second turn continues Billing's AgentExecutionSpan under the Swarm's
    expect(events.filter((e) => e.type === 'AgentExecutionStart').map((e) => (e as { name?: string }).name)).toEqual(['Billing']);
    await other.close();
  });

  it('runs a member whose tool stops for the caller on the shared semantics; compileMastra refuses it with why', async () => {
    const swarm = deserialize(`
component_type: Swarm
id: s
name: S
first_agent: {$component_ref: a}
relationships: [[{$component_ref: a}, {$component_ref: b}]]
$referenced_components:
  a: {component_type: Agent, id: a, name: A, system_prompt: You pick files., llm_config: {$component_ref: llm}, tools: [{component_type: ClientTool, id: pick_file, name: pick_file}]}
  b: {component_type: Agent, id: b, name: B, system_prompt: You are B., llm_config: {$component_ref: llm}, tools: []}
  llm: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:9"}
agentspec_version: 26.1.0
`);
    expect(() => compileMastra(swarm)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("'pick_file'") }) as RuntimeError);
    const app = await mastraRuntime().load(swarm, { llm: { override: { url: llm.url } } });
    const session = app.start();
    session.appendUserMessage('Pick one');
    expect(await session.run()).toMatchObject({ type: 'tool_request', requests: [{ name: 'pick_file' }] });
    await app.close();
  });
});
