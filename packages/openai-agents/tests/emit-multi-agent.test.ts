// Emitted modules of Swarms, ManagerWorkers and SpecializedAgents: what they are written as (the SDK's own patterns),
// how they run on their own (the SDK's run()), and that openaiAgentsRuntime({ buildGroup }) runs the module's agents.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deserialize, type Component, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { specializeAgent, transferSpec, workerToolSpec, type RuntimeEvent } from '@agentspec/runtime';
import { run, type FunctionTool } from '@openai/agents';
import { startScriptedLlm } from '@agentspec/testing';
import { emitOpenAiAgents, openaiAgentsRuntime, type CompiledGroup, type GroupCompileOptions } from '../src/index.js';
import { CASES_DIR } from './helpers/conformance-specs.js';
import { extraGroupSpecs, NASTY } from './helpers/emit-specs.js';
import { buildOptionsOf, EMITTED_DIR, writeEmitted } from './helpers/emitted-modules.js';

/** A conformance case's spec, its local LLM URL left as it is (the tests point the module at their own server). */
function caseSpec(name: string): Component {
  return deserialize(readFileSync(join(CASES_DIR, 'multi-agent', name, 'spec.yaml'), 'utf8'));
}

interface GroupModule { build(options: Record<string, unknown>): CompiledGroup }

async function importGroup(spec: Component): Promise<GroupModule> {
  return (await import(writeEmitted(spec, 'unit'))) as GroupModule;
}

describe('emitOpenAiAgents: multi-agent components', () => {
  it('writes a Swarm of handoffs as SDK agents with handoff()s, the recipient declared first', () => {
    const { code, warnings } = emitOpenAiAgents(caseSpec('swarm-transfer-always'), { source: 'spec.yaml' });
    expect(warnings).toEqual([]);
    expect(code).toContain('  handoff,\n');
    expect(code).toContain('  return handoff(agent, {\n    toolNameOverride: spec.name,');
    expect(code).toContain("const SYSTEM_PROMPTS = {\n  triage: 'You are Triage. Send billing questions to Billing.',\n  billing: 'You are Billing.',\n};");
    const billing = code.indexOf('  const billing = new Agent<unknown, AgentOutputType>({');
    const triage = code.indexOf('  const triage = new Agent<unknown, AgentOutputType>({');
    expect(billing).toBeGreaterThan(0);
    expect(triage).toBeGreaterThan(billing);
    expect(code.slice(triage)).toContain('    handoffs: [\n      transferTo(billing, AGENT_TOOLS.transfer_to_Billing, maxHandoffs),\n    ],');
    expect(code).toContain('    agents: { triage, billing },');
    // no send_message in mode always: no asked agents
    expect(code).not.toContain('askTool');
  });

  it('writes a ManagerWorkers as the manager with its workers as function tools, and a Swarm of send_message likewise', () => {
    const team = emitOpenAiAgents(caseSpec('manager-two-workers-one-turn')).code;
    expect(team).toContain("      askTool('researcher', () => researcher, AGENT_TOOLS.Researcher, ask),\n      askTool('writer', () => writer, AGENT_TOOLS.Writer, ask),");
    expect(team).toContain('lookupCapitalTool(options.tools.lookup_capital)');
    expect(team).not.toContain('handoff(');
    const never = emitOpenAiAgents(caseSpec('swarm-send-message-never')).code;
    expect(never).toContain("askTool('billing', (): Agent<unknown, AgentOutputType> => billing, AGENT_TOOLS.send_message_to_Billing, ask, maxHandoffs)");
    expect(never).not.toContain('transferTo');
    // optional: both, the asked agents without their transfers
    const optional = emitOpenAiAgents(caseSpec('swarm-transfer-optional')).code;
    expect(optional).toContain("askTool('billing', (): Agent<unknown, AgentOutputType> => asked.billing, AGENT_TOOLS.send_message_to_Billing, ask, maxHandoffs)");
    expect(optional).toContain('    billing: billing.clone({ handoffs: [] }),');
  });

  it('writes a cycle of transfers with the later handoffs assigned after the agents', () => {
    const code = emitOpenAiAgents(caseSpec('swarm-handoff-loop-limit')).code;
    expect(code).toContain('      transferTo(pong, AGENT_TOOLS.transfer_to_Pong, maxHandoffs),\n    ],\n  });');
    expect(code).toContain('  pong.handoffs = [\n    transferTo(ping, AGENT_TOOLS.transfer_to_Ping, maxHandoffs),\n  ];');
  });

  it('writes a SpecializedAgent as the Agent it stands for, its overrides merged', () => {
    const special = caseSpec('specialized-agent-overrides');
    const { code } = emitOpenAiAgents(special);
    expect(code).toBe(emitOpenAiAgents(specializeAgent(special as never)).code);
    expect(code).toContain('Answer in French. The customer lives in {{city}}.');
    expect(code).toContain("name: 'get_weather'");
  });

  it('keeps names, descriptions and prompts data: the built agents and tools hold them exactly', async () => {
    for (const { spec } of extraGroupSpecs()) {
      const built = (await importGroup(spec)).build({ tools: { "it's */ a `tool`": () => 'ok', constructor: () => 1 }, llm: { baseURL: 'http://127.0.0.1:9/v1' } });
      const group = spec as unknown as Swarm | ManagerWorkers;
      if (spec.component_type === 'ManagerWorkers') {
        expect(built.agent.name).toBe(NASTY);
        expect(built.agent.instructions).toBe(NASTY.replace('{{ x }}', 'X'));
        const tools = built.agent.tools as FunctionTool[];
        expect(tools.map((t) => [t.name, t.description])).toEqual(['w1', 'w2'].map((id) => {
          const s = workerToolSpec((group as ManagerWorkers).workers.find((w) => w.id === id)!);
          return [s.name, s.description];
        }));
      } else {
        expect(built.agent.name).toBe("it's `a`");
        expect(built.agent.instructions).toBe(`Hello you. ${NASTY.replace('{{ x }}', 'X')}`);
        expect(built.agents.b!.handoffDescription).toBe(`class (${NASTY})`);
        if ((group as Swarm).handoff !== 'never') {
          const toB = transferSpec((group as Swarm).relationships[0]![1]);
          expect(built.agent.handoffs.map((h) => ('toolName' in h ? [h.toolName, h.toolDescription] : []))[0]).toEqual([toB.name, toB.description]);
        }
      }
      expect(Object.keys(built.agents).sort()).toEqual(spec.component_type === 'Swarm' ? ['a', 'b', 'c'] : ['boss', 'w1', 'w2']);
      await built.close();
    }
  });

  it('refuses a group whose members pause or have outputs (AS_UNSUPPORTED, naming the member)', () => {
    const spec = readFileSync(join(CASES_DIR, 'multi-agent', 'swarm-transfer-always', 'spec.yaml'), 'utf8')
      .replace('    system_prompt: You are Billing.', '    system_prompt: You are Billing.\n    outputs: [{ title: total, type: number }]');
    expect(() => emitOpenAiAgents(deserialize(spec))).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("member 'Billing', which has outputs") }));
  });
});

describe('emitted group modules on their own (the SDK\'s run())', () => {
  it('a Swarm hands the conversation over with the SDK\'s handoff, and stops transfers in a row at maxHandoffs', async () => {
    const llm = await startScriptedLlm([
      { match: { systemPromptContains: 'You are Triage', lastUserMessage: 'My invoice is wrong' }, answer: { toolCalls: [{ name: 'transfer_to_Billing', arguments: {} }] } },
      { match: { systemPromptContains: 'You are Billing' }, answer: { text: 'Billing here.' } },
      { match: { systemPromptContains: 'You are Ping' }, answer: { toolCalls: [{ name: 'transfer_to_Pong', arguments: {} }] } },
      { match: { systemPromptContains: 'You are Pong' }, answer: { toolCalls: [{ name: 'transfer_to_Ping', arguments: {} }] } },
    ]);
    try {
      const desk = (await importGroup(caseSpec('swarm-transfer-always'))).build({ llm: { baseURL: llm.url } });
      const result = await run(desk.agent, 'My invoice is wrong', desk.runOptions);
      expect(result.finalOutput).toBe('Billing here.');
      expect(result.lastAgent?.name).toBe('Billing');
      const pingPong = (await importGroup(caseSpec('swarm-handoff-loop-limit'))).build({ llm: { baseURL: llm.url }, maxHandoffs: 3 });
      await expect(run(pingPong.agent, 'Serve', pingPong.runOptions)).rejects.toMatchObject({ code: 'AS_HANDOFF_LIMIT' });
      // four LLM calls: Ping, Pong, Ping, Pong — the fourth transfer is refused
      expect(llm.requests.filter((r) => JSON.stringify(r.body).includes('You are P'))).toHaveLength(4);
    } finally {
      await llm.close();
    }
  });

  it('a ManagerWorkers runs each worker on a conversation of its own (runAsked), its answer the tool result', async () => {
    const llm = await startScriptedLlm([
      { match: { systemPromptContains: 'You are the manager', lastToolResult: { tool: 'Writer' } }, answer: { text: 'Done: HELLO' } },
      { match: { systemPromptContains: 'You are the manager' }, answer: { toolCalls: [{ name: 'Writer', arguments: { message: 'Shout hello' } }] } },
      { match: { systemPromptContains: 'You are Writer', lastToolResult: { tool: 'to_upper' } }, answer: { text: 'HELLO' } },
      { match: { systemPromptContains: 'You are Writer' }, answer: { toolCalls: [{ name: 'to_upper', arguments: { text: 'hello' } }] } },
    ]);
    try {
      const team = (await importGroup(caseSpec('manager-two-workers-one-turn'))).build({
        llm: { baseURL: llm.url }, tools: { lookup_capital: () => 'Paris', to_upper: ({ text }: Record<string, unknown>) => String(text).toUpperCase() },
      });
      const result = await run(team.agent, 'Brief me', team.runOptions);
      expect(result.finalOutput).toBe('Done: HELLO');
      const writer = llm.requests.find((r) => JSON.stringify(r.body).includes('You are Writer'));
      expect(JSON.stringify(writer?.body)).toContain('Shout hello');
      expect(JSON.stringify(writer?.body)).not.toContain('Brief me');
    } finally {
      await llm.close();
    }
  });
});

describe('openaiAgentsRuntime({ buildGroup }) with an emitted module', () => {
  it('runs the module\'s agents (an edited prompt reaches the LLM), traced as the runtime traces its own groups', async () => {
    const spec = caseSpec('swarm-send-message-never');
    // the module as a user would edit it: Billing's prompt changed in SYSTEM_PROMPTS
    const file = join(EMITTED_DIR, 'unit', 'edited-desk.ts');
    writeFileSync(file, emitOpenAiAgents(spec).code.replace("  billing: 'You are Billing.',", "  billing: 'You are Billing (edited).',"));
    const module = (await import(file)) as GroupModule;
    const llm = await startScriptedLlm([
      { match: { systemPromptContains: 'You are Triage', lastToolResult: { tool: 'send_message_to_Billing' } }, answer: { text: 'Billing says: refunded.' } },
      { match: { systemPromptContains: 'You are Triage' }, answer: { toolCalls: [{ name: 'send_message_to_Billing', arguments: { message: 'Refund invoice 7?' } }] } },
      { match: { systemPromptContains: 'You are Billing (edited)' }, answer: { text: 'Refunded.' } },
    ]);
    let builds = 0;
    const runtime = openaiAgentsRuntime({
      buildGroup: (_group, options: GroupCompileOptions) => {
        builds++;
        return module.build({ ...buildOptionsOf(options), maxHandoffs: options.maxHandoffs, ask: options.ask });
      },
    });
    const app = await runtime.load(spec, { llm: { override: { url: llm.url } } });
    try {
      const session = app.start();
      session.appendUserMessage('Refund please');
      const events: RuntimeEvent[] = [];
      for await (const e of session.stream()) events.push(e);
      expect(builds).toBe(1);
      expect(session.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Billing says: refunded.' });
      // Billing's run: asked inside the tool call's span, as the runtime traces the agents it wires itself
      const spans = events.flatMap((e) => ('spanId' in e ? [e] : []));
      const tool = spans.find((e) => e.type === 'ToolExecutionRequest' && e.name === 'send_message_to_Billing');
      const billing = spans.find((e) => e.type === 'AgentExecutionStart' && e.name === 'Billing');
      expect(tool).toBeDefined();
      expect(billing?.parentSpanId).toBe(tool?.spanId);
      expect(spans.some((e) => e.type === 'ToolExecutionResponse' && e.attributes.outputs === 'Refunded.')).toBe(true);
    } finally {
      await app.close();
      await llm.close();
    }
  });
});
