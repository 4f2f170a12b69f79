// emitAiSdk on Swarms, ManagerWorkers and SpecializedAgents: the module's shape (ToolLoopAgents, the group's tools as
// tool()s, the group rules imported from @agentspec/runtime), its strings kept as data, and the module run on its own
// against a scripted OpenAI-compatible server (the conformance cases run it through aiSdkRuntime's buildGroup).
import { deserialize, serialize, type Component, type SpecializedAgent } from '@agentspec/core';
import { renderTemplate, sendMessageSpec, specializeAgent, transferSpec, workerToolSpec, type RuntimeError } from '@agentspec/runtime';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitAiSdk } from '../src/index.js';
import { importEmitted } from './helpers/emitted-module.js';
import { doc, expectCommentsClosed, HOSTILE, hostileSwarm, LLM, ref, TEAM } from './helpers/group-specs.js';

type GroupModule = { group: { generate(call: unknown): Promise<{ turns: { agent: string; messages: unknown[] }[]; state: Record<string, unknown> }> }; close(): Promise<void> };

describe('emitAiSdk on multi-agent components', () => {
  it('writes a Swarm as ToolLoopAgents with its tools as tool()s and its control flow, importing the group rules from @agentspec/runtime', () => {
    const { code, warnings } = emitAiSdk(hostileSwarm(), { source: 'desk.yaml' });
    expect(warnings).toEqual([]);
    expect(code).toMatch(/^import \{\n {2}agentAnswer,\n {2}askedMessage,\n {2}checkAskDepth,\n {2}countHandoff,\n {2}DEFAULT_MAX_HANDOFFS,\n {2}transferIgnored,\n {2}transferResult,\n\} from '@agentspec\/runtime';$/m);
    expect(code).toContain('export function build(options: BuildOptions): { group: {');
    expect(code).toContain('return new ToolLoopAgent<never, ToolSet>({');
    expect(code).toContain('const transferTool = (run: AgentRun, to: AgentId, description: string): Tool => tool({');
    expect(code).toContain('const sendMessageTool = (run: AgentRun, to: AgentId, description: string, parameters: JSONSchema7): Tool => tool({');
    expect(code).toContain(`hasToolCall('${transferSpec({ component_type: 'Agent', id: 'b', name: 'Billing' }).name}')`);
    expect(code).toContain('handoffs = countHandoff(handoffs, maxHandoffs, AGENTS[run.handedTo]);');
    // the rules are imported, not copied: the texts of the shared specs are data of the calls
    expect(code).not.toMatch(/function (countHandoff|checkAskDepth|transferResult|agentAnswer)\b/);
  });

  it('writes a ManagerWorkers with a tool per worker running it on a conversation of its own; a handoff mode leaves out the tools it has not', () => {
    const { code } = emitAiSdk(TEAM);
    expect(code).toContain(`Writer_desk: workerTool('w', ${JSON.stringify(workerToolSpec({ id: 'w', name: 'Writer desk', description: 'Writes.' } as never).description).replace(/"/g, "'")}`);
    expect(code).toContain('const result = await agents[FIRST_AGENT]({ owner: true, depth: 0 }).generate({ messages: [...messages], abortSignal });');
    expect(code).not.toContain('countHandoff');
    const never = emitAiSdk(hostileSwarm('never')).code;
    expect(never).not.toContain('transferTool');
    expect(never).not.toContain('TRANSFER_PARAMETERS');
    const always = emitAiSdk(hostileSwarm('always')).code;
    expect(always).not.toContain('sendMessageTool');
    expect(always).not.toContain('checkAskDepth');
  });

  it('writes a SpecializedAgent as the Agent it stands for (its base with the specialization merged)', () => {
    const special = doc({
      component_type: 'SpecializedAgent', id: 'fr', name: 'French support', agent: ref('base'),
      agent_specialization_parameters: { component_type: 'AgentSpecializationParameters', id: 'p', name: 'p', additional_instructions: 'Answer in French.' },
      $referenced_components: { base: { component_type: 'Agent', id: 'base', name: 'Support', system_prompt: 'You help.', llm_config: LLM, tools: [] } },
    });
    const merged = specializeAgent(special as unknown as SpecializedAgent);
    const body = (code: string) => code.slice(code.indexOf(' */\n') + 4);
    expect(body(emitAiSdk(special).code)).toBe(body(emitAiSdk(merged).code));
    expect(emitAiSdk(special).code).toContain('French support: an Agent Spec SpecializedAgent (its base agent with the specialization merged)');
    expect(emitAiSdk(special).code).toContain('const SYSTEM_PROMPT = `You help.\n\nAnswer in French.`;');
  });

  it('is stable, also after a round trip through YAML', () => {
    const first = emitAiSdk(hostileSwarm(), { source: 'a.yaml' }).code;
    expect(emitAiSdk(hostileSwarm(), { source: 'a.yaml' }).code).toBe(first);
    expect(emitAiSdk(deserialize(serialize(hostileSwarm(), { format: 'yaml' })), { source: 'a.yaml' }).code).toBe(first);
  });

  it('writes every string of the group as an escaped literal: names, ids, descriptions and prompts stay text, comments stay closed', () => {
    const { code } = emitAiSdk(hostileSwarm(), { source: 'desk.yaml' });
    expect(code).toContain("  'a\\'`${x}': { component_type: 'Agent', id: 'a\\'`${x}', name: 'Triage q \\' \" ` ${x} \\\\ */ \\n end', description: 'Sorts q \\' \" ` ${x} \\\\ */ \\n end' },");
    expect(code).toContain('return `You are ${valueText(inputs.who)} q \' " \\` \\${x} \\\\ */ \n end \\${y} \\`${valueText(inputs.who)}\\``;');
    expectCommentsClosed(code, 10);
  });

  it('refuses what a group module does not carry yet with AS_UNSUPPORTED, naming the agent: outputs, a tool that waits for the caller', () => {
    const refused = (component: Component) => {
      try {
        emitAiSdk(component);
      } catch (e) {
        return `${(e as RuntimeError).code}: ${(e as RuntimeError).message}`;
      }
      return 'emitted';
    };
    const withOutputs = doc({ ...JSON.parse(serialize(TEAM, { format: 'json' })) as Record<string, unknown>, outputs: [{ title: 'x', type: 'string' }] });
    expect(refused(withOutputs)).toMatch(/^AS_UNSUPPORTED: .*ManagerWorkers 'Team': outputs, which the AI SDK emitter/s);
    const swarm = hostileSwarm('optional', [{ component_type: 'ClientTool', id: 'pick', name: 'pick', inputs: [] }]);
    expect(refused(swarm)).toMatch(/^AS_UNSUPPORTED: .*Swarm '.*': agent 'Billing' has tool 'pick' that waits for the caller/s);
  });
});

describe('the emitted group module, run on its own', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm({ strict: true, rules: [] });
  });
  afterAll(async () => {
    await llm.close();
  });

  it('hands the conversation over with transfer_to_<Name> and sends the spec\'s strings as they are', async () => {
    const swarm = hostileSwarm();
    const a = { component_type: 'Agent', id: "a'`${x}", name: `Triage ${HOSTILE}`, description: `Sorts ${HOSTILE}` };
    const b = { component_type: 'Agent', id: 'b', name: 'Billing', description: 'Answers invoices.' };
    const transfer = transferSpec(b).name;
    llm.setRules([
      { match: { systemPromptContains: 'You are Billing', lastToolResult: { tool: transfer } }, answer: { text: 'Billing here.' } },
      { match: { lastUserMessage: 'Refund' }, answer: { toolCalls: [{ name: transfer, arguments: {} }] } },
    ]);
    llm.clear();
    const mod = (await importEmitted(swarm, 'unit')) as unknown as { build(o: unknown): GroupModule };
    const { group, close } = mod.build({ tools: { 'look-up': () => 'found' }, inputs: { who: 'Ada {{who}} ${x}' }, llm: { baseURL: llm.url } });
    const result = await group.generate({ messages: [{ role: 'user', content: 'Refund' }] });
    await close();
    expect(result.turns.map((t) => [t.agent, t.messages.length])).toEqual([[a.id, 2], ['b', 1]]);
    expect(result.state).toEqual({ activeAgent: 'b', handoffs: 0 });
    const [first, second] = llm.requests as RecordedRequest[];
    expect(first?.systemPrompt).toBe(renderTemplate(`You are {{who}} ${HOSTILE} \${y} \`{{who}}\``, { who: 'Ada {{who}} ${x}' }));
    expect(first?.tools.map((t) => [t.name, t.description])).toEqual([['look-up', `Looks up ${HOSTILE}`], [sendMessageSpec(b).name, sendMessageSpec(b).description], [transfer, transferSpec(b).description]]);
    expect(second?.systemPrompt).toBe('You are Billing.');
    expect(second?.tools).toEqual([]);
    expect(a.name).toContain('${x}');
  });

  it('runs a worker on the task in a conversation of its own; its answer is the manager\'s tool result', async () => {
    const worker = workerToolSpec({ id: 'w', name: 'Writer desk', description: 'Writes.' } as never).name;
    llm.setRules([
      { match: { systemPromptContains: 'You are the manager', lastToolResult: { tool: worker } }, answer: { text: 'Done: HELLO.' } },
      { match: { systemPromptContains: 'You are the manager' }, answer: { toolCalls: [{ name: worker, arguments: { message: 'Shout hello' } }] } },
      { match: { systemPromptContains: 'You are Writer', lastToolResult: { tool: 'to_upper' } }, answer: { text: 'HELLO' } },
      { match: { systemPromptContains: 'You are Writer', lastUserMessage: 'Shout hello' }, answer: { toolCalls: [{ name: 'to_upper', arguments: { text: 'hello' } }] } },
    ]);
    llm.clear();
    const mod = (await importEmitted(TEAM, 'unit')) as unknown as { build(o: unknown): GroupModule };
    const { group, close } = mod.build({ tools: { to_upper: ({ text }: { text: string }) => text.toUpperCase() }, llm: { baseURL: llm.url } });
    const result = await group.generate({ messages: [{ role: 'user', content: 'Brief me' }] });
    await close();
    expect(result.turns.map((t) => t.agent)).toEqual(['m']);
    expect(llm.requests.map((r) => r.systemPrompt)).toEqual(['You are the manager.', 'You are Writer.', 'You are Writer.', 'You are the manager.']);
    expect(llm.requests[3]?.messages.at(-1)).toMatchObject({ role: 'tool', content: 'HELLO' });
  });
});
