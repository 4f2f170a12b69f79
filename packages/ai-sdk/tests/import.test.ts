import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { serialize, validateComponent } from '@agentspec/core';
import { hasToolCall, jsonSchema, Output, stepCountIs, tool, ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importAiSdk } from '../src/index.js';

const vllm = createOpenAICompatible({ name: 'vllm', baseURL: 'http://gpu-box:8000/v1', supportsStructuredOutputs: true });

describe('importAiSdk', () => {
  it('reads instructions, model, generation settings and tools (zod or JSON Schema) of a ToolLoopAgent into an Agent', async () => {
    const weather = tool({
      description: 'Weather in a city.',
      inputSchema: z.object({ city: z.string().describe('City name'), days: z.number().int().default(1) }),
      execute: async ({ city }) => `sunny in ${city}`,
    });
    const send = tool({ description: 'Sends a mail.', inputSchema: jsonSchema({ type: 'object', properties: { to: { type: 'string' } }, required: ['to'] }), needsApproval: true });
    const agent = new ToolLoopAgent({
      id: 'travel',
      model: vllm.chatModel('llama-3.1-8b'),
      instructions: 'You plan trips.',
      tools: { get_weather: weather, send_mail: send },
      temperature: 0.3,
      topP: 0.8,
      maxOutputTokens: 512,
      seed: 42,
      stopWhen: stepCountIs(20),
      providerOptions: { vllm: { repetition_penalty: 1.1 } },
    });
    const { component, warnings, tools } = await importAiSdk(agent, { name: 'Travel planner' });
    expect(warnings).toEqual([]);
    expect(validateComponent(component).filter((d) => d.severity === 'error')).toEqual([]);
    expect(component).toMatchObject({
      component_type: 'Agent', id: 'travel', name: 'Travel planner', system_prompt: 'You plan trips.',
      llm_config: { component_type: 'VllmConfig', model_id: 'llama-3.1-8b', url: 'http://gpu-box:8000', default_generation_parameters: { temperature: 0.3, top_p: 0.8, max_tokens: 512, seed: 42, repetition_penalty: 1.1 } },
    });
    expect(component.tools).toMatchObject([
      { component_type: 'ServerTool', name: 'get_weather', description: 'Weather in a city.', inputs: [{ title: 'city', type: 'string', description: 'City name' }, { title: 'days', type: 'integer', default: 1 }] },
      { component_type: 'ClientTool', name: 'send_mail', requires_confirmation: true, inputs: [{ title: 'to', type: 'string' }] },
    ]);
    expect(await tools.get_weather!({ city: 'Oslo' })).toBe('sunny in Oslo');
  });

  it('maps OpenAI models and other providers to LLM configs', async () => {
    const openai = await importAiSdk(new ToolLoopAgent({ model: createOpenAI({ apiKey: 'k' }).chat('gpt-4o-mini') }));
    expect(openai.component.llm_config).toMatchObject({ component_type: 'OpenAiConfig', model_id: 'gpt-4o-mini' });
    expect(openai.component.id).toBe('agent');
    const proxied = await importAiSdk(new ToolLoopAgent({ model: createOpenAI({ apiKey: 'k', baseURL: 'http://proxy:4000/v1' }).chat('gpt-4o') }));
    expect(proxied.component.llm_config).toMatchObject({ component_type: 'OpenAiCompatibleConfig', url: 'http://proxy:4000' });
    const gateway = await importAiSdk(new ToolLoopAgent({ model: 'openai/gpt-4o' }));
    expect(gateway.warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'model' })]);
  });

  it("reads a Responses model (openai(id), openai.responses(id)) as api_type responses and OpenAI's provider tools as BuiltinTools; another provider tool is reported", async () => {
    const openai = createOpenAI({ apiKey: 'k' });
    const agent = new ToolLoopAgent({
      id: 'researcher',
      model: openai('gpt-4.1'),
      instructions: 'Research.',
      tools: {
        web_search: openai.tools.webSearch({ searchContextSize: 'low', userLocation: { type: 'approximate', city: 'Oslo' } }),
        code_interpreter: openai.tools.codeInterpreter({ container: { fileIds: ['file_1'] } }),
        files: openai.tools.fileSearch({ vectorStoreIds: ['vs_1'], maxNumResults: 2 }),
        preview: openai.tools.webSearchPreview({}),
      },
    });
    const { component, warnings } = await importAiSdk(agent);
    expect(component.llm_config).toMatchObject({ component_type: 'OpenAiConfig', model_id: 'gpt-4.1', api_type: 'responses' });
    expect(component.tools).toEqual([
      expect.objectContaining({ component_type: 'BuiltinTool', id: 'web_search', tool_type: 'web_search', configuration: { search_context_size: 'low', user_location: { type: 'approximate', city: 'Oslo' } } }),
      expect.objectContaining({ component_type: 'BuiltinTool', id: 'code_interpreter', tool_type: 'code_interpreter', configuration: { container: { type: 'auto', file_ids: ['file_1'] } } }),
      expect.objectContaining({ component_type: 'BuiltinTool', id: 'files', tool_type: 'file_search', configuration: { vector_store_ids: ['vs_1'], max_num_results: 2 } }),
    ]);
    expect(warnings.map((w) => [w.code, w.component])).toEqual([['AISDK_PROVIDER_TOOL', 'tools.preview']]);
    expect(warnings[0]?.message).toContain("'openai.web_search_preview'");
    expect(validateComponent(component).filter((d) => d.severity === 'error')).toEqual([]);
    const chat = await importAiSdk(new ToolLoopAgent({ model: openai.chat('gpt-4.1') }));
    expect(chat.component.llm_config).not.toHaveProperty('api_type');
  });

  it('names what it cannot represent: dynamic instructions, custom stop conditions, callbacks, other options', async () => {
    const agent = new ToolLoopAgent({
      model: vllm.chatModel('m'),
      instructions: 'Static part.',
      tools: { lookup: tool({ inputSchema: z.object({ q: z.string(), limit: z.number().optional() }), execute: async () => 'x' }) },
      stopWhen: [stepCountIs(5), function budgetSpent() { return false; }],
      prepareCall: ({ ...rest }) => ({ ...rest, instructions: 'Dynamic.' }),
      onStepEnd: () => undefined,
      toolChoice: 'required',
      providerOptions: { anthropic: { cacheControl: true } },
    });
    const { component, warnings } = await importAiSdk(agent);
    expect(component.system_prompt).toBe('Dynamic.'); // what prepareCall computes, once
    expect(warnings.map((w) => [w.kind, w.component])).toEqual(expect.arrayContaining([
      ['unsupported', 'providerOptions.anthropic'],
      ['approximated', 'tools.lookup'],
      ['approximated', 'stopWhen[0]'],
      ['unsupported', 'stopWhen[1]'],
      ['unsupported', 'prepareCall'],
      ['unsupported', 'onStepEnd'],
      ['unsupported', 'toolChoice'],
    ]));
    expect(warnings).toHaveLength(7);
    expect(warnings.find((w) => w.component === 'stopWhen[1]')?.message).toContain("'budgetSpent'");
    expect(warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['AISDK_PROVIDER_OPTIONS', 'AISDK_OPTIONAL_PROPERTY', 'AISDK_STEP_LIMIT', 'AISDK_STOP_CONDITION', 'AISDK_PREPARE_CALL', 'AISDK_SETTING']));
    expect(warnings.find((w) => w.component === 'stopWhen[0]')?.message).toContain('limits.maxAgentSteps: 5');
  });

  it('reads a submit_result tool (with hasToolCall) or Output.object as the outputs', async () => {
    const submit = tool({ inputSchema: z.object({ capital: z.string() }) });
    const a = await importAiSdk(new ToolLoopAgent({ model: vllm.chatModel('m'), tools: { submit_result: submit }, stopWhen: hasToolCall('submit_result') }));
    expect(a.warnings).toEqual([]);
    expect(a.component.outputs).toMatchObject([{ title: 'capital', type: 'string' }]);
    expect(a.component.tools).toEqual([]);
    const b = await importAiSdk(new ToolLoopAgent({ model: vllm.chatModel('m'), output: Output.object({ schema: z.object({ city: z.string() }) }) }));
    expect(b.component.outputs).toMatchObject([{ title: 'city', type: 'string' }]);
    expect(b.warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'output' })]);
  });

  it('gives the same ids on every import: two imports of the same program are byte-identical documents', async () => {
    const program = () => new ToolLoopAgent({
      id: 'travel',
      model: vllm.chatModel('llama-3.1-8b'),
      instructions: 'You plan trips.',
      tools: {
        get_weather: tool({ description: 'Weather in a city.', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` }),
        send_mail: tool({ description: 'Sends a mail.', inputSchema: z.object({ to: z.string() }), needsApproval: true }),
      },
    });
    const first = serialize((await importAiSdk(program())).component, { format: 'yaml' });
    const second = serialize((await importAiSdk(program())).component, { format: 'yaml' });
    expect(second).toBe(first);
    const { component } = await importAiSdk(program());
    expect(component.tools.map((t) => t.id)).toEqual(['travel.get_weather', 'travel.send_mail']);
    expect(component.llm_config.id).toBe('travel_llm');
  });

  it('reads call options written into the instructions by prepareCall as the agent\'s inputs', async () => {
    const agent = new ToolLoopAgent({
      id: 'support',
      model: vllm.chatModel('m'),
      instructions: 'You help customers.',
      callOptionsSchema: z.object({ userName: z.string(), plan: z.enum(['free', 'pro']), region: z.string() }),
      prepareCall: ({ options, ...settings }) => ({ ...settings, instructions: `${settings.instructions} The customer is ${options.userName}, on the ${options.plan} plan.` }),
    });
    const { component, warnings } = await importAiSdk(agent);
    expect(component.system_prompt).toBe('You help customers. The customer is {{userName}}, on the {{plan}} plan.');
    expect(component.inputs).toEqual([{ title: 'userName', type: 'string' }, { title: 'plan', type: 'string', enum: ['free', 'pro'] }]);
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      ['AISDK_PREPARE_CALL', "call option 'region' does not reach the instructions: left out"],
      ['AISDK_CALL_OPTIONS', "call options 'userName', 'plan' are the agent's inputs, written into the system prompt as {{userName}}, {{plan}}"],
    ]);
  });

  it('imports the settings of a generateText / generateObject call, and maxSteps', async () => {
    const weather = tool({ description: 'Weather in a city.', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` });
    const text = await importAiSdk({ model: vllm.chatModel('m'), system: 'You answer weather questions.', tools: { weather }, maxSteps: 5, prompt: 'Weather in Oslo?' }, { id: 'weather_call' });
    expect(text.component).toMatchObject({ id: 'weather_call', system_prompt: 'You answer weather questions.', tools: [{ id: 'weather_call.weather', name: 'weather' }] });
    expect(text.warnings.map((w) => w.code)).toEqual(['AISDK_STEP_LIMIT', 'AISDK_PROMPT']);
    const single = await importAiSdk({ model: vllm.chatModel('m'), tools: { weather } });
    expect(single.warnings.map((w) => [w.code, w.component])).toEqual([['AISDK_STEP_LIMIT', 'stopWhen']]);
    const object = await importAiSdk({ model: vllm.chatModel('m'), system: 'Extract the person.', schema: z.object({ name: z.string(), age: z.number() }) });
    expect(object.component.outputs).toEqual([{ title: 'name', type: 'string' }, { title: 'age', type: 'number' }]);
    expect(object.warnings.map((w) => w.code)).toEqual(['AISDK_STRUCTURED_OUTPUT']);
    const array = await importAiSdk({ model: vllm.chatModel('m'), output: 'array', schema: z.object({ name: z.string() }) });
    expect(array.warnings.map((w) => w.code)).toEqual(['AISDK_OUTPUT_KIND']);
  });

  it('refuses what is not a ToolLoopAgent', async () => {
    await expect(importAiSdk({})).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
    class OtherFrameworksAgent { model = 'openai/gpt-4o'; }
    await expect(importAiSdk(new OtherFrameworksAgent())).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
  });
});
