import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, laterComponent, type Agent, type Component } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import {
  agentAnswer, agentToolName, askedMessage, checkAskDepth, countHandoff, handoffMode, normalizeTrace, referenceRuntime, RuntimeError, specializeAgent, specializeAgents, swarmLinks, TraceRecorder, workerToolSpec,
  type NormalSpan,
} from '../../src/index.js';
import { recordTurns } from '../trace/fixtures.js';

const caseSpec = (name: string): Component =>
  deserialize(readFileSync(new URL(`../../../../conformance/cases/multi-agent/${name}/spec.yaml`, import.meta.url), 'utf8'));

describe('multi-agent semantics', () => {
  it('reads the handoff mode: the 25.4.2 boolean, the 26.1.0 names, optional by default', () => {
    expect([handoffMode({}), handoffMode({ handoff: true }), handoffMode({ handoff: false }), handoffMode({ handoff: 'always' }), handoffMode({ handoff: 'never' })])
      .toEqual(['optional', 'optional', 'never', 'always', 'never']);
  });

  it('names tools after agents as OpenAI Agents names handoffs', () => {
    expect(agentToolName('transfer_to_', { component_type: 'Agent', id: 'x', name: 'Billing desk #2' })).toBe('transfer_to_Billing_desk__2');
    expect(workerToolSpec({ component_type: 'Agent', id: 'w', name: 'Writer', description: 'Writes.' })).toMatchObject({ name: 'Writer', parameters: { required: ['message'] } });
  });

  it('asks an agent with the message argument and takes back its text or its outputs as JSON; counts handoffs in a row', () => {
    expect([askedMessage({ message: 'Hi' }), askedMessage({ text: 'Hi' })]).toEqual(['Hi', '{"text":"Hi"}']);
    expect([agentAnswer({ text: 'Paris.' }), agentAnswer({ outputs: { capital: 'Paris' } })]).toEqual(['Paris.', '{"capital":"Paris"}']);
    const billing = { component_type: 'Agent', id: 'billing', name: 'Billing' } as const;
    // handoffs in a row: one more than before (0 before when the agent handing over answered the user)
    expect([countHandoff(3, 10, billing), countHandoff(0, 10, billing)]).toEqual([4, 1]);
    expect(() => countHandoff(2, 2, billing)).toThrow(expect.objectContaining({ code: 'AS_HANDOFF_LIMIT', site: { agent: 'billing' } }));
    expect(() => checkAskDepth(1, 2, billing)).not.toThrow();
    expect(() => checkAskDepth(2, 2, billing)).toThrow(expect.objectContaining({ code: 'AS_HANDOFF_LIMIT' }));
  });

  it('gives transfer tools only to the agent owning the conversation, and send_message tools unless the mode is always', () => {
    const swarm = laterComponent(caseSpec('swarm-transfer-optional'), 'Swarm')!;
    const triage = swarm.first_agent;
    expect(swarmLinks(swarm, triage, true).map((l) => l.spec.name)).toEqual(['send_message_to_Billing', 'transfer_to_Billing']);
    expect(swarmLinks(swarm, triage, false).map((l) => l.spec.name)).toEqual(['send_message_to_Billing']);
    expect(swarmLinks({ ...swarm, handoff: 'always' }, triage, true).map((l) => l.spec.name)).toEqual(['transfer_to_Billing']);
    expect(swarmLinks({ ...swarm, handoff: 'never' }, triage, true).map((l) => l.spec.name)).toEqual(['send_message_to_Billing']);
    // Billing is no caller of any relationship
    expect(swarmLinks(swarm, swarm.relationships[0]![1], true)).toEqual([]);
  });

  it('merges a SpecializedAgent into its base agent: instructions appended, a tool of the same name replaced, inputs joined, human in the loop overridden', () => {
    const spec = laterComponent(caseSpec('specialized-agent-overrides'), 'SpecializedAgent')!;
    const base = spec.agent;
    const replaced = { ...base.tools[0]!, description: 'Better capitals.' };
    const merged = specializeAgent({
      ...spec,
      agent_specialization_parameters: { ...spec.agent_specialization_parameters, additional_tools: [replaced, ...spec.agent_specialization_parameters.additional_tools!], human_in_the_loop: false },
    });
    expect(merged).toMatchObject({ component_type: 'Agent', id: 'french-support', name: 'French support', system_prompt: 'You help customers.\n\nAnswer in French. The customer lives in {{city}}.', human_in_the_loop: false });
    expect(merged.tools.map((t) => [t.name, t.description])).toEqual([['lookup_capital', 'Better capitals.'], ['get_weather', 'The weather in a city.']]);
    expect(merged.inputs?.map((p) => p.title)).toEqual(['city']);
    // nothing to add: the base prompt as it is; null human_in_the_loop keeps the base's
    const plain = specializeAgent({ ...spec, agent_specialization_parameters: { component_type: 'AgentSpecializationParameters', id: 'p', name: 'p', additional_instructions: '  ', human_in_the_loop: null } });
    expect(plain.system_prompt).toBe('You help customers.');
    expect('human_in_the_loop' in plain ? plain.human_in_the_loop : undefined).toBe(base.human_in_the_loop);
    expect((specializeAgents(caseSpec('specialized-agent-overrides')) as Agent).component_type).toBe('Agent');
  });

  it('refuses a member that is not an agent, and two tools of one name, at load (AS_UNSUPPORTED)', async () => {
    const swarm = laterComponent(caseSpec('swarm-transfer-optional'), 'Swarm')!;
    const billing = swarm.relationships[0]![1] as Agent;
    const clash = { ...swarm, relationships: [[swarm.first_agent, billing], [swarm.first_agent, { ...billing, id: 'billing2' }]] } as unknown as Component;
    await expect(referenceRuntime().load(clash)).rejects.toSatisfy((e: unknown) => e instanceof RuntimeError && e.code === 'AS_UNSUPPORTED' && /two tools named 'send_message_to_Billing'/.test(e.message));
  });
});

describe('multi-agent traces on the reference runtime', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm({
      strict: true,
      rules: [
        { match: { systemPromptContains: 'You are Triage', lastToolResult: { tool: 'send_message_to_Billing' } }, answer: { toolCalls: [{ name: 'transfer_to_Billing', arguments: {} }] } },
        { match: { systemPromptContains: 'You are Triage' }, answer: { toolCalls: [{ name: 'send_message_to_Billing', arguments: { message: 'Owed?' } }] } },
        { match: { systemPromptContains: 'You are Billing', lastToolResult: { tool: 'transfer_to_Billing' } }, answer: { text: 'Billing speaking.' } },
        { match: { systemPromptContains: 'You are Billing', lastUserMessage: 'Owed?' }, answer: { text: '42 EUR.' } },
      ],
    });
  });
  afterAll(() => llm.close());

  const shape = (spans: readonly NormalSpan[]): unknown[] => spans.map((s) => (s.children.length > 0 ? [s.kind, s.name, shape(s.children)] : [s.kind, s.name]));

  it('shows who spoke when: the swarm span holds each agent in turn, a send_message call the agent it asked, a transfer the next agent after it', async () => {
    const spec = caseSpec('swarm-transfer-optional');
    const app = await referenceRuntime().load(spec, { llm: { override: { url: llm.url } } });
    try {
      const recorder = new TraceRecorder({ spec, runtime: 'reference' });
      const session = app.start();
      await recordTurns(session, recorder, ['Hi']);
      expect(session.messages.map((m) => [m.role, m.sender ?? null, m.content])).toEqual([
        ['user', null, 'Hi'],
        ['assistant', 'Triage', ''],
        ['tool', 'send_message_to_Billing', '42 EUR.'],
        ['assistant', 'Triage', ''],
        ['tool', 'transfer_to_Billing', '{"assistant":"Billing"}'],
        ['assistant', 'Billing', 'Billing speaking.'],
      ]);
      expect(shape(normalizeTrace(recorder.finish()))).toEqual([
        ['SwarmExecutionSpan', 'Help desk', [
          ['AgentExecutionSpan', 'Triage', [
            ['LlmGenerationSpan', 'scripted model'],
            ['ToolExecutionSpan', 'send_message_to_Billing', [['AgentExecutionSpan', 'Billing', [['LlmGenerationSpan', 'scripted model']]]]],
            ['LlmGenerationSpan', 'scripted model'],
          ]],
          ['AgentExecutionSpan', 'Billing', [['LlmGenerationSpan', 'scripted model']]],
        ]],
      ]);
    } finally {
      await app.close();
    }
  });
});
