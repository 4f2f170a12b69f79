import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serialize, validateComponent, type Agent as SpecAgent } from '@agentspec/core';
import { Agent, OpenAIResponsesModel, setOpenAIAPI, codeInterpreterTool, fileSearchTool, handoff, hostedMcpTool, tool, webSearchTool } from '@openai/agents';
import OpenAI from 'openai';
import { referenceRuntime } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { importOpenAiAgents } from '../src/index.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'get_weather' } }, answer: { text: 'Sunny.' } },
      { match: { lastUserMessage: 'Weather in Oslo?' }, answer: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] } },
    ],
  });
});
afterAll(() => llm.close());

const getWeather = tool({
  name: 'get_weather',
  description: 'Weather in a city.',
  parameters: z.object({ city: z.string().describe('City name') }),
  execute: ({ city }) => `sunny in ${city}`,
});
const sendMail = tool({
  name: 'send_mail',
  description: 'Sends an e-mail.',
  parameters: { type: 'object' as const, properties: { to: { type: 'string' }, cc: { type: 'string' } }, required: ['to'], additionalProperties: true as const },
  strict: false,
  needsApproval: true,
  execute: () => 'sent',
});

describe('importOpenAiAgents', () => {
  it('imports name, instructions, model settings, function tools with their schemas and approval flags, and the output type', async () => {
    const sdk = new Agent({
      name: 'Weather desk',
      handoffDescription: 'Answers weather questions.',
      instructions: 'You answer weather questions for {{user}}.',
      model: 'gpt-4o-mini',
      modelSettings: { temperature: 0.3, maxTokens: 200, toolChoice: 'auto', providerData: { seed: 1 } },
      tools: [getWeather, sendMail],
      outputType: z.object({ summary: z.string() }),
    });
    const { component, warnings } = await importOpenAiAgents(sdk);
    const a = component as SpecAgent;
    expect(a).toMatchObject({
      component_type: 'Agent', id: 'weather_desk', name: 'Weather desk', description: 'Answers weather questions.',
      system_prompt: 'You answer weather questions for {{user}}.',
      inputs: [{ title: 'user', type: 'string' }],
      llm_config: { component_type: 'OpenAiConfig', model_id: 'gpt-4o-mini', default_generation_parameters: { temperature: 0.3, max_tokens: 200, seed: 1 } },
      outputs: [{ title: 'summary', type: 'string' }],
    });
    expect(a.tools).toMatchObject([
      { component_type: 'ServerTool', name: 'get_weather', description: 'Weather in a city.', inputs: [{ title: 'city', type: 'string', description: 'City name' }] },
      { component_type: 'ServerTool', name: 'send_mail', requires_confirmation: true, inputs: [{ title: 'to', type: 'string' }, { title: 'cc', type: 'string' }] },
    ]);
    expect(a.tools[0]?.requires_confirmation).not.toBe(true);
    expect(warnings).toEqual([
      { kind: 'unsupported', code: 'OAI_MODEL_SETTING', component: 'weather_desk', message: "model setting 'toolChoice' has no Agent Spec equivalent" },
      { kind: 'approximated', code: 'OAI_OPTIONAL_PROPERTY', component: 'send_mail', message: expect.stringContaining("'cc' is optional without a default") },
    ]);
    expect(serialize(component, { format: 'yaml' })).toContain('agentspec_version: 25.4.2'); // requires_confirmation is a 25.4.2 field
  });

  it('gives implementations of the imported ServerTools, so the spec runs on any runtime', async () => {
    const sdk = new Agent({ name: 'Weather', instructions: 'Weather.', model: 'scripted-model', tools: [getWeather] });
    const { component, tools } = await importOpenAiAgents(sdk, { baseUrl: llm.url, id: 'weather' });
    expect(component).toMatchObject({ id: 'weather', llm_config: { component_type: 'OpenAiCompatibleConfig', url: llm.url } });
    const app = await referenceRuntime().load(component, { tools, llm: { override: { url: llm.url } } });
    const session = app.start();
    session.appendUserMessage('Weather in Oslo?');
    const status = await session.run();
    expect(status.messages.map((m) => m.content)).toEqual(['Weather in Oslo?', '', 'sunny in Oslo', 'Sunny.']);
    await app.close();
  });

  it('imports ClientTools by name, instructions functions with a warning, and reports what has no equivalent', async () => {
    const sdk = new Agent({
      name: 'Assistant',
      instructions: (ctx) => `Context keys: ${Object.keys(ctx.context as object).length}`,
      tools: [sendMail, webSearchTool()],
    });
    const { component, warnings } = await importOpenAiAgents(sdk, { clientTools: ['send_mail'], modelId: 'gpt-4.1' });
    expect(component).toMatchObject({
      system_prompt: 'Context keys: 0',
      llm_config: { component_type: 'OpenAiConfig', model_id: 'gpt-4.1' },
      tools: [{ component_type: 'ClientTool', name: 'send_mail', requires_confirmation: true }, { component_type: 'BuiltinTool', name: 'web_search', tool_type: 'web_search' }],
    });
    expect(warnings.map((w) => [w.code, w.kind, w.message.slice(0, 40)])).toEqual([
      ['OAI_MODEL_ENDPOINT', 'approximated', 'no model does not expose its endpoint; a'],
      ['OAI_OPTIONAL_PROPERTY', 'approximated', "'cc' is optional without a default in th"],
      ['OAI_DYNAMIC_INSTRUCTIONS', 'approximated', 'the instructions are a function: importe'],
    ]);
  });

  it('imports hosted tools as BuiltinTools with their configuration, an OpenAIResponsesModel with api_type responses, and reports a hosted tool no BuiltinTool names', async () => {
    const client = new OpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'test' });
    const sdk = new Agent({
      name: 'Researcher',
      instructions: 'Research.',
      model: new OpenAIResponsesModel(client, 'gpt-4.1'),
      tools: [
        webSearchTool({ searchContextSize: 'low', filters: { allowedDomains: ['example.org'] } }), codeInterpreterTool(), fileSearchTool(['vs_1'], { maxNumResults: 3 }),
        hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://example.org/mcp' }),
      ],
    });
    const { component, warnings } = await importOpenAiAgents(sdk);
    expect(component).toMatchObject({
      llm_config: { component_type: 'OpenAiCompatibleConfig', model_id: 'gpt-4.1', url: 'http://127.0.0.1:9/v1', api_type: 'responses' },
      tools: [
        { component_type: 'BuiltinTool', name: 'web_search', tool_type: 'web_search', configuration: { search_context_size: 'low', filters: { allowed_domains: ['example.org'] } } },
        { component_type: 'BuiltinTool', name: 'code_interpreter', tool_type: 'code_interpreter' },
        { component_type: 'BuiltinTool', name: 'file_search', tool_type: 'file_search', configuration: { vector_store_ids: ['vs_1'], max_num_results: 3 } },
      ],
    });
    expect((component as SpecAgent).tools).toHaveLength(3);
    expect((component as SpecAgent).tools[1]).not.toHaveProperty('configuration');
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      ['OAI_HOSTED_TOOL', "tool 'hosted_mcp' (mcp) is not one of the hosted tools a BuiltinTool names (web_search, file_search, code_interpreter, image_generation): left out"],
    ]);
    expect(validateComponent(component).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a model name is an OpenAiConfig of the Responses API, of Chat Completions once the program called setOpenAIAPI(\'chat_completions\')', async () => {
    const agent = new Agent({ name: 'Plain', instructions: 'Be brief.', model: 'gpt-4.1' });
    expect(((await importOpenAiAgents(agent)).component as SpecAgent).llm_config).toMatchObject({ component_type: 'OpenAiConfig', model_id: 'gpt-4.1', api_type: 'responses' });
    setOpenAIAPI('chat_completions');
    try {
      const config = ((await importOpenAiAgents(agent)).component as SpecAgent).llm_config;
      expect(config).toMatchObject({ component_type: 'OpenAiConfig', model_id: 'gpt-4.1' });
      expect(config).not.toHaveProperty('api_type');
    } finally {
      setOpenAIAPI('responses');
    }
  });

  it('imports an agent with handoffs as a Swarm of every agent reached (handoff: always), an agent tool of a member as a ServerTool', async () => {
    const billing = new Agent({ name: 'Billing', instructions: 'Billing questions.', model: 'gpt-4o' });
    const refunds = new Agent({ name: 'Refunds', instructions: 'Refunds.', model: 'gpt-4o' });
    const translator = new Agent({ name: 'Translator', instructions: 'Translate to French.', model: 'gpt-4o' });
    const triage = new Agent({
      name: 'Triage',
      instructions: 'Route the user.',
      model: 'gpt-4o',
      handoffs: [billing, handoff(refunds, { toolNameOverride: 'refund_desk', inputFilter: (d) => d, isEnabled: ({ runContext }) => runContext.context !== null })],
      tools: [translator.asTool({ toolName: 'translate', toolDescription: 'Translates to French.' })],
    });
    billing.handoffs = [triage, handoff(refunds, { isEnabled: false })]; // a cycle: each agent is imported once; a disabled handoff is left out
    const { component, related, warnings } = await importOpenAiAgents(triage);
    expect(component).toMatchObject({
      component_type: 'Swarm', id: 'triage_swarm', name: 'Triage', handoff: 'always',
      first_agent: { id: 'triage', tools: [{ component_type: 'ServerTool', name: 'translate', description: 'Translates to French.' }] },
    });
    const rel = (component as unknown as { relationships: { id: string }[][] }).relationships.map((p) => p.map((a) => a.id));
    expect(rel).toEqual([['triage', 'billing'], ['triage', 'refunds'], ['billing', 'triage']]);
    expect(Object.keys(related)).toEqual(['translator']);
    expect(warnings.map((w) => [w.code, w.component, w.message.split(':')[0]])).toEqual([
      ['OAI_AGENT_TOOL', 'triage', "tool 'translate' runs agent 'Translator' (imported as 'translator' in related)"],
      ['OAI_HANDOFF_TOOL', 'triage', "the handoff to 'Refunds' is the tool 'refund_desk'"],
      ['OAI_HANDOFF_INPUT_FILTER', 'triage', "the handoff to 'Refunds' filters the history the recipient sees (inputFilter)"],
      ['OAI_HANDOFF_ENABLED', 'triage', "the handoff to 'Refunds' is enabled by a function of the run (isEnabled)"],
      ['OAI_HANDOFF_CALLBACK', 'triage', "the handoff to 'Refunds' is made with handoff(), whose onHandoff callback the SDK object does not show"],
      ['OAI_HANDOFF', 'billing', "the handoff to 'Refunds' is disabled (isEnabled"],
    ]);
    expect(validateComponent(component).filter((d) => d.severity === 'error')).toEqual([]);
    expect(serialize(component, { format: 'json' })).toContain('"agentspec_version": "26.1.0"');
  });

  it('imports an agent with agent tools (and no handoffs) as a ManagerWorkers, reporting what a worker tool cannot say', async () => {
    const translator = new Agent({ name: 'Translator', instructions: 'Translate to French.', model: 'gpt-4o', handoffs: [new Agent({ name: 'Other', instructions: 'x' })] });
    const checker = new Agent({ name: 'Checker', handoffDescription: 'Checks facts.', instructions: 'Check facts.', model: 'gpt-4o' });
    const lead = new Agent({
      name: 'Lead',
      instructions: 'Delegate.',
      model: 'gpt-4o',
      tools: [getWeather, translator.asTool({ toolName: 'translate', toolDescription: 'Translates to French.', needsApproval: true }), checker.asTool({ toolDescription: 'Checks.' })],
    });
    const { component, related, warnings } = await importOpenAiAgents(lead);
    expect(component).toMatchObject({
      component_type: 'ManagerWorkers', id: 'lead_team', name: 'Lead',
      group_manager: { id: 'lead', tools: [{ name: 'get_weather' }] },
      workers: [{ id: 'translator', description: 'Translates to French.' }, { id: 'checker', description: 'Checks facts.' }],
    });
    expect(related).toEqual({});
    expect(warnings.map((w) => [w.code, w.component, w.message.split(':')[0]])).toEqual([
      ['OAI_HANDOFF', 'translator', "hands off to agent 'Other'"],
      ['OAI_AGENT_TOOL_SHAPE', 'lead', "tool 'translate' runs agent 'Translator'"],
      ['OAI_AGENT_TOOL_OPTION', 'lead', "tool 'translate' asks for approval (needsApproval)"],
      ['OAI_AGENT_TOOL_SHAPE', 'lead', "tool 'Checker' runs agent 'Checker'"],
    ]);
    expect(warnings[1]!.message).toContain("is named 'Translator'");
    expect(warnings[3]!.message).not.toContain('is named');
    expect(validateComponent(component).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('names each guardrail and each approval decided by a function in a coded warning', async () => {
    const refund = tool({
      name: 'refund', description: 'Refunds an order.', parameters: z.object({ amount: z.number() }),
      needsApproval: async (_ctx, { amount }) => amount > 100, execute: async ({ amount }) => `refunded ${amount}`,
    });
    const sdk = new Agent({
      name: 'Support', instructions: 'Help.', model: 'gpt-4o', tools: [refund, sendMail],
      inputGuardrails: [{ name: 'no_homework', execute: async () => ({ outputInfo: null, tripwireTriggered: false }) }],
      outputGuardrails: [{ name: 'no_pii', execute: async () => ({ outputInfo: null, tripwireTriggered: false }) }],
    });
    const { component, warnings } = await importOpenAiAgents(sdk);
    expect((component as SpecAgent).tools.map((t) => [t.name, t.requires_confirmation])).toEqual([['refund', true], ['send_mail', true]]);
    expect(warnings.map((w) => [w.code, w.component, w.message.split(':')[0]])).toEqual([
      ['OAI_APPROVAL_FUNCTION', 'refund', 'its approval is decided by a function'],
      ['OAI_OPTIONAL_PROPERTY', 'send_mail', "'cc' is optional without a default in the JSON Schema; in Agent Spec it is required"],
      ['OAI_GUARDRAIL', 'support', "input guardrail 'no_homework' has no Agent Spec equivalent"],
      ['OAI_GUARDRAIL', 'support', "output guardrail 'no_pii' has no Agent Spec equivalent"],
    ]);
  });
});
