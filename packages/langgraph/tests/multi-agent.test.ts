/**
 * Swarms and ManagerWorkers compiled to LangGraph graphs (a swarm graph, a
 * supervisor graph) used directly — `invoke`, `getGraph()`, the thread's
 * `activeAgent` — and run by the runtime with their sessions saved and
 * resumed mid-swarm through a SQLite checkpointer, against the scripted LLM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledStateGraph, MemorySaver } from '@langchain/langgraph';
import { deserialize } from '@agentspec/core';
import { compareTraces, referenceRuntime, TraceRecorder, type Runtime, type Trace } from '@agentspec/runtime';
import { startScriptedLlm, type Rule, type ScriptedLlm } from '@agentspec/testing';
import { compileLangGraph, emitLangGraph, importLangGraph, langgraphRuntime } from '../src/index.js';
import { caseSpec, TOOLS, type Invoked } from './fixtures/cases.js';

const TRANSFER_RULES: Rule[] = [
  { match: { systemPromptContains: 'You are Triage', lastUserMessage: 'My invoice is wrong' }, answer: { toolCalls: [{ name: 'transfer_to_Billing', arguments: {} }] } },
  { match: { systemPromptContains: 'You are Billing', lastToolResult: { tool: 'transfer_to_Billing' } }, answer: { text: 'Billing here: I will correct your invoice.' } },
  { match: { systemPromptContains: 'You are Billing', lastUserMessage: 'Thanks' }, answer: { text: 'You are welcome.' } },
];

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: TRANSFER_RULES });
});
afterAll(() => llm.close());

const systemPrompts = () => llm.requests.map((r) => (r.body as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'system')?.content);

describe('compileLangGraph: a Swarm', () => {
  it('is a swarm graph: a node per agent, a transfer a Command to the recipient, the next turn at activeAgent', async () => {
    llm.setRules(TRANSFER_RULES);
    llm.clear();
    const { graph, builder } = compileLangGraph(caseSpec('multi-agent/swarm-transfer-optional'), { llm: { override: { url: llm.url } }, checkpointer: new MemorySaver() });
    expect(graph).toBeInstanceOf(CompiledStateGraph);
    expect(Object.keys(builder.nodes)).toEqual(['Triage', 'Billing']);
    const drawn = await graph.getGraphAsync();
    expect(Object.keys(drawn.nodes)).toEqual(expect.arrayContaining(['__start__', 'Triage', 'Billing']));
    // Triage declares where its Command may go
    expect(drawn.edges.some((e) => e.source === 'Triage' && e.target === 'Billing')).toBe(true);

    const config = { configurable: { thread_id: 'swarm-1' } };
    const first = (await graph.invoke({ messages: [{ role: 'user', content: 'My invoice is wrong' }] }, config)) as Invoked;
    expect(first.__interrupt__).toBeUndefined();
    expect(first.messages.map((m) => m.content)).toEqual(['My invoice is wrong', '', '{"assistant":"Billing"}', 'Billing here: I will correct your invoice.']);
    expect(first.activeAgent).toBe('Billing');

    const second = (await graph.invoke({ messages: [{ role: 'user', content: 'Thanks' }] }, config)) as Invoked;
    expect(second.messages.at(-1)?.content).toBe('You are welcome.');
    expect(systemPrompts()).toEqual(['You are Triage. Send billing questions to Billing.', 'You are Billing.', 'You are Billing.']);
  });

  it('stops handoffs in a row at limits.maxHandoffs with AS_HANDOFF_LIMIT', async () => {
    llm.setRules([
      { match: { systemPromptContains: 'You are Ping' }, answer: { toolCalls: [{ name: 'transfer_to_Pong', arguments: {} }] } },
      { match: { systemPromptContains: 'You are Pong' }, answer: { toolCalls: [{ name: 'transfer_to_Ping', arguments: {} }] } },
    ]);
    llm.clear();
    const { graph } = compileLangGraph(caseSpec('multi-agent/swarm-handoff-loop-limit'), { llm: { override: { url: llm.url } }, limits: { maxHandoffs: 2 }, checkpointer: new MemorySaver() });
    await expect(graph.invoke({ messages: [{ role: 'user', content: 'Serve' }] }, { configurable: { thread_id: 'ping' } })).rejects.toMatchObject({ code: 'AS_HANDOFF_LIMIT' });
    expect(systemPrompts()).toEqual(['You are Ping.', 'You are Pong.', 'You are Ping.']);
  });
});

describe('compileLangGraph: a ManagerWorkers', () => {
  it('is a supervisor graph: the manager node, whose tools invoke the workers\' graphs', async () => {
    llm.setRules([
      { match: { systemPromptContains: 'You are the manager', lastToolResult: { tool: 'Writer' } }, answer: { text: 'Paris, and HELLO.' } },
      { match: { systemPromptContains: 'You are the manager', lastUserMessage: 'Brief me' }, answer: { toolCalls: [{ name: 'Researcher', arguments: { message: 'Capital of France?' } }, { name: 'Writer', arguments: { message: 'Shout hello' } }] } },
      { match: { systemPromptContains: 'You are Researcher', lastToolResult: { tool: 'lookup_capital' } }, answer: { text: 'The capital is Paris.' } },
      { match: { systemPromptContains: 'You are Researcher' }, answer: { toolCalls: [{ name: 'lookup_capital', arguments: { country: 'France' } }] } },
      { match: { systemPromptContains: 'You are Writer', lastToolResult: { tool: 'to_upper' } }, answer: { text: 'HELLO' } },
      { match: { systemPromptContains: 'You are Writer' }, answer: { toolCalls: [{ name: 'to_upper', arguments: { text: 'hello' } }] } },
    ]);
    const { graph, builder } = compileLangGraph(caseSpec('multi-agent/manager-two-workers-one-turn'), { llm: { override: { url: llm.url } }, tools: TOOLS, checkpointer: new MemorySaver() });
    expect(graph).toBeInstanceOf(CompiledStateGraph);
    expect(Object.keys(builder.nodes)).toEqual(['Manager']);
    const out = (await graph.invoke({ messages: [{ role: 'user', content: 'Brief me' }] }, { configurable: { thread_id: 'mw-1' } })) as Invoked;
    // the workers' conversations are their own: the manager's has the calls and their answers
    expect(out.messages.map((m) => m.content)).toEqual(['Brief me', '', 'The capital is Paris.', 'HELLO', 'Paris, and HELLO.']);
  });
});

describe('langgraphRuntime: a Swarm session', () => {
  it('is saved mid-swarm and resumed by another app on the same SQLite checkpointer, at the agent owning the conversation', async () => {
    llm.setRules(TRANSFER_RULES);
    llm.clear();
    const dir = mkdtempSync(join(tmpdir(), 'lg-swarm-'));
    try {
      const checkpointer = { kind: 'sqlite' as const, path: join(dir, 'checkpoints.sqlite') };
      const spec = caseSpec('multi-agent/swarm-transfer-optional');
      const app = await langgraphRuntime().load(spec, { checkpointer, llm: { override: { url: llm.url } } });
      const session = app.start();
      session.appendUserMessage('My invoice is wrong');
      expect(await session.run()).toMatchObject({ type: 'user_input' });
      const saved = await session.save();
      await app.close();

      const other = await langgraphRuntime().load(spec, { checkpointer, llm: { override: { url: llm.url } } });
      const resumed = await other.resume(saved);
      resumed.appendUserMessage('Thanks');
      const status = await resumed.run();
      expect(status.type).toBe('user_input');
      expect(status.messages.map((m) => [m.role, m.role === 'assistant' ? m.sender : undefined, m.content])).toEqual([
        ['user', undefined, 'My invoice is wrong'],
        ['assistant', 'Triage', ''],
        ['tool', undefined, '{"assistant":"Billing"}'],
        ['assistant', 'Billing', 'Billing here: I will correct your invoice.'],
        ['user', undefined, 'Thanks'],
        ['assistant', 'Billing', 'You are welcome.'],
      ]);
      await other.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A worker asks the caller for a ClientTool result between two calls of another worker (all in one answer of the manager). */
const PAUSING_WORKER = `
component_type: ManagerWorkers
id: team
name: Team
group_manager: { $component_ref: manager }
workers: [{ $component_ref: picker }, { $component_ref: other }]
$referenced_components:
  manager: { component_type: Agent, id: manager, name: Manager, system_prompt: You are the manager., llm_config: { $component_ref: llm }, tools: [] }
  other: { component_type: Agent, id: other, name: Other, system_prompt: You are Other., llm_config: { $component_ref: llm }, tools: [] }
  picker:
    component_type: Agent
    id: picker
    name: Picker
    system_prompt: You are Picker.
    llm_config: { $component_ref: llm }
    tools:
      - { component_type: ClientTool, id: pick, name: pick, description: Pick one., inputs: [{ title: q, type: string }] }
  llm: { component_type: OpenAiCompatibleConfig, id: llm, name: scripted model, model_id: scripted-model, url: http://127.0.0.1:8000 }
agentspec_version: 25.4.2
`;

describe('langgraphRuntime: a worker pausing on a ClientTool', () => {
  it('resumes inside the worker: no LLM call or worker run twice, the same conversation and span tree as the reference', async () => {
    llm.setRules([
      { match: { systemPromptContains: 'You are the manager', lastToolResult: { tool: 'Other' } }, answer: { text: 'Done.' } },
      { match: { systemPromptContains: 'You are the manager' }, answer: { toolCalls: [{ name: 'Other', arguments: { message: 'first' } }, { name: 'Picker', arguments: { message: 'Pick one' } }, { name: 'Other', arguments: { message: 'again' } }] } },
      { match: { systemPromptContains: 'You are Other' }, answer: { text: 'ok' } },
      { match: { systemPromptContains: 'You are Picker', lastToolResult: { tool: 'pick' } }, answer: { text: 'Picked A.' } },
      { match: { systemPromptContains: 'You are Picker' }, answer: { toolCalls: [{ name: 'pick', arguments: { q: 'x' } }] } },
    ]);
    const runOn = async (runtime: Runtime) => {
      llm.clear();
      const spec = deserialize(PAUSING_WORKER);
      const app = await runtime.load(spec, { llm: { override: { url: llm.url } } });
      const recorder = new TraceRecorder({ spec, runtime: runtime.name });
      const session = app.start();
      session.appendUserMessage('Go');
      const paused = await recorder.run(session);
      expect(paused.type).toBe('tool_request');
      session.appendToolResults([{ id: paused.type === 'tool_request' ? paused.requests[0]!.id : '', content: 'A' }]);
      const status = await recorder.run(session);
      await app.close();
      return { status: status.type, messages: status.messages.map((m) => [m.role, m.content]), calls: llm.requests.length, trace: recorder.finish() as Trace };
    };
    const reference = await runOn(referenceRuntime());
    const langgraph = await runOn(langgraphRuntime());
    expect(langgraph.messages).toEqual([['user', 'Go'], ['assistant', ''], ['tool', 'ok'], ['tool', 'Picked A.'], ['tool', 'ok'], ['assistant', 'Done.']]);
    expect({ ...langgraph, trace: undefined }).toEqual({ ...reference, trace: undefined });
    expect(langgraph.calls).toBe(6);
    expect(compareTraces([reference.trace, langgraph.trace]).differences).toEqual([]);
  });
});

describe('emitLangGraph: a Swarm, a ManagerWorkers', () => {
  it('writes the swarm graph out as LangGraph users write one: activeAgent, a Command to the parent graph, ends, START routed to activeAgent', () => {
    const { code } = emitLangGraph(caseSpec('multi-agent/swarm-transfer-optional'));
    expect(code).toContain('activeAgent: Annotation<string>()');
    expect(code).toContain('return new Command({ graph: Command.PARENT, goto: agent, update: { ...update, activeAgent: agent } });');
    expect(code).toContain(".addNode('Triage', swarm.agents.Triage.run, { ends: ['Billing'], subgraphs: [swarm.agents.Triage.graph] })");
    expect(code).toContain(".addConditionalEdges(START, (state) => state.activeAgent ?? 'Triage', ['Triage', 'Billing']);");
  });

  it('writes the supervisor graph out: the manager\'s node, the workers\' graphs its subgraphs', () => {
    const { code } = emitLangGraph(caseSpec('multi-agent/manager-two-workers-one-turn'));
    expect(code).toContain(".addNode('Manager', manager.run, { subgraphs: [manager.graph, ...manager.workers] })");
    expect(code).toContain(".addEdge(START, 'Manager');");
  });
});

describe('importLangGraph of a compiled Swarm', () => {
  it('gives the Swarm back, as written', async () => {
    const spec = caseSpec('multi-agent/swarm-send-message-never');
    const { component, warnings } = await importLangGraph(compileLangGraph(spec, { llm: { override: { url: llm.url } } }).graph);
    expect(warnings).toEqual([]);
    expect(component).toMatchObject({ component_type: 'Swarm', id: 'desk', handoff: 'never', first_agent: { id: 'triage' }, relationships: [[{ id: 'triage' }, { id: 'billing' }]] });
  });
});

/** Triage asks the caller (a ClientTool) before handing over; Billing, on the next turn, asks Triage with send_message. */
const PAUSING_OWNER = `
component_type: Swarm
id: desk
name: Desk
first_agent: { $component_ref: triage }
relationships: [[{ $component_ref: triage }, { $component_ref: billing }], [{ $component_ref: billing }, { $component_ref: triage }]]
handoff: optional
$referenced_components:
  triage:
    component_type: Agent
    id: triage
    name: Triage
    system_prompt: You are Triage.
    llm_config: { $component_ref: llm }
    tools:
      - { component_type: ClientTool, id: pick, name: pick, description: Pick one., inputs: [{ title: q, type: string }] }
  billing: { component_type: Agent, id: billing, name: Billing, system_prompt: You are Billing., llm_config: { $component_ref: llm }, tools: [] }
  llm: { component_type: OpenAiCompatibleConfig, id: llm, name: scripted model, model_id: scripted-model, url: http://127.0.0.1:8000 }
agentspec_version: 26.1.0
`;

describe('langgraphRuntime: the agent owning a Swarm\'s conversation pausing on a ClientTool', () => {
  it('resumes, hands over, is saved and resumed, asks another agent: the same conversation, LLM calls and span tree as the reference', async () => {
    llm.setRules([
      { match: { systemPromptContains: 'You are Billing', lastToolResult: { tool: 'send_message_to_Triage' } }, answer: { text: 'Triage says all good.' } },
      { match: { systemPromptContains: 'You are Billing', lastUserMessage: 'And now?' }, answer: { toolCalls: [{ name: 'send_message_to_Triage', arguments: { message: 'status?' } }] } },
      { match: { systemPromptContains: 'You are Triage', lastUserMessage: 'status?' }, answer: { text: 'all good' } },
      { match: { systemPromptContains: 'You are Billing' }, answer: { text: 'Billing here.' } },
      { match: { systemPromptContains: 'You are Triage', lastToolResult: { tool: 'pick' } }, answer: { toolCalls: [{ name: 'transfer_to_Billing', arguments: {} }] } },
      { match: { systemPromptContains: 'You are Triage' }, answer: { toolCalls: [{ name: 'pick', arguments: { q: 'x' } }] } },
    ]);
    const runOn = async (runtime: Runtime) => {
      llm.clear();
      const spec = deserialize(PAUSING_OWNER);
      const app = await runtime.load(spec, { llm: { override: { url: llm.url } } });
      const recorder = new TraceRecorder({ spec, runtime: runtime.name });
      const session = app.start();
      session.appendUserMessage('Hi');
      const paused = await recorder.run(session);
      expect(paused.type).toBe('tool_request');
      session.appendToolResults([{ id: paused.type === 'tool_request' ? paused.requests[0]!.id : '', content: 'A' }]);
      expect((await recorder.run(session)).type).toBe('user_input');
      const resumed = await app.resume(await session.save());
      resumed.appendUserMessage('And now?');
      const status = await recorder.run(resumed);
      await app.close();
      return { status: status.type, messages: status.messages.map((m) => [m.role, m.role === 'assistant' ? m.sender : undefined, m.content]), calls: llm.requests.length, trace: recorder.finish() as Trace };
    };
    const reference = await runOn(referenceRuntime());
    const langgraph = await runOn(langgraphRuntime());
    expect(langgraph.messages).toEqual([
      ['user', undefined, 'Hi'], ['assistant', 'Triage', ''], ['tool', undefined, 'A'], ['assistant', 'Triage', ''], ['tool', undefined, '{"assistant":"Billing"}'],
      ['assistant', 'Billing', 'Billing here.'], ['user', undefined, 'And now?'], ['assistant', 'Billing', ''], ['tool', undefined, 'all good'], ['assistant', 'Billing', 'Triage says all good.'],
    ]);
    expect({ ...langgraph, trace: undefined }).toEqual({ ...reference, trace: undefined });
    expect(compareTraces([reference.trace, langgraph.trace]).differences).toEqual([]);
  });
});

const OUTPUTS_LLM = '  llm: { component_type: OpenAiCompatibleConfig, id: llm, name: scripted model, model_id: scripted-model, url: http://127.0.0.1:8000 }\nagentspec_version: 26.1.0\n';
/** A manager whose prompt reads an input, finishing with outputs after a worker answered with its own (as JSON). */
const MANAGER_WITH_OUTPUTS = `
component_type: ManagerWorkers
id: team
name: Team
outputs: [{ title: total, type: integer }]
group_manager: { $component_ref: manager }
workers: [{ $component_ref: w }]
$referenced_components:
  manager: { component_type: Agent, id: manager, name: Manager, system_prompt: "You are the manager of {{ team_name }}.", inputs: [{ title: team_name, type: string }], outputs: [{ title: total, type: integer }], llm_config: { $component_ref: llm }, tools: [] }
  w: { component_type: Agent, id: w, name: Counter, system_prompt: You count., outputs: [{ title: n, type: integer }], llm_config: { $component_ref: llm }, tools: [] }
${OUTPUTS_LLM}`;
/** A Swarm finished by the agent it was handed to, with outputs. */
const SWARM_WITH_OUTPUTS = `
component_type: Swarm
id: desk
name: Desk
outputs: [{ title: total, type: integer }]
first_agent: { $component_ref: a }
relationships: [[{ $component_ref: a }, { $component_ref: b }]]
handoff: always
$referenced_components:
  a: { component_type: Agent, id: a, name: A, system_prompt: You are A., llm_config: { $component_ref: llm }, tools: [] }
  b: { component_type: Agent, id: b, name: B, system_prompt: You are B., outputs: [{ title: total, type: integer }], llm_config: { $component_ref: llm }, tools: [] }
${OUTPUTS_LLM}`;

describe('langgraphRuntime: groups finishing with outputs', () => {
  it.each([['a ManagerWorkers', MANAGER_WITH_OUTPUTS, { total: 7 }], ['a Swarm', SWARM_WITH_OUTPUTS, { total: 3 }]] as const)('%s: finished with the outputs, conversation and span tree of the reference', async (_what, text, outputs) => {
    llm.setRules([
      { match: { systemPromptContains: 'You count' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { n: 7 } }] } },
      { match: { systemPromptContains: 'You are the manager', lastToolResult: { tool: 'Counter' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { total: 7 } }] } },
      { match: { systemPromptContains: 'You are the manager of Reds' }, answer: { toolCalls: [{ name: 'Counter', arguments: { message: 'count' } }] } },
      { match: { systemPromptContains: 'You are A' }, answer: { toolCalls: [{ name: 'transfer_to_B', arguments: {} }] } },
      { match: { systemPromptContains: 'You are B' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { total: 3 } }] } },
    ]);
    const runOn = async (runtime: Runtime) => {
      llm.clear();
      const spec = deserialize(text);
      const app = await runtime.load(spec, { llm: { override: { url: llm.url } } });
      const recorder = new TraceRecorder({ spec, runtime: runtime.name });
      const session = app.start({ inputs: { team_name: 'Reds' } });
      session.appendUserMessage('Go');
      const status = await recorder.run(session);
      await app.close();
      return { status, calls: llm.requests.length, trace: recorder.finish() as Trace };
    };
    const reference = await runOn(referenceRuntime());
    const langgraph = await runOn(langgraphRuntime());
    expect(langgraph.status).toMatchObject({ type: 'finished', outputs });
    const said = (r: typeof reference) => r.status.messages.map((m) => [m.role, m.role === 'assistant' ? m.sender : undefined, m.content, m.toolCalls?.map((c) => [c.name, c.args])]);
    expect(said(langgraph)).toEqual(said(reference));
    expect(langgraph.calls).toBe(reference.calls);
    expect(compareTraces([reference.trace, langgraph.trace]).differences).toEqual([]);
  });
});
