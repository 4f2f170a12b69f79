import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, clientTool, deserialize, flow, openAiCompatibleConfig, openAiConfig, serverTool, type Agent as SpecAgent } from '@agentspec/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel, RunState, run } from '@openai/agents';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { AgentSpecResponsesModel, compileOpenAiAgents, respondToClientTool } from '../src/index.js';
import { openAiClient } from '../src/openai-client.js';
import { toMessages } from '../src/runtime/to-messages.js';

const llmConfig = openAiCompatibleConfig({
  id: 'llm', name: 'scripted', model_id: 'scripted-model', url: 'http://127.0.0.1:1',
  default_generation_parameters: { temperature: 0.2, top_p: 0.9, max_tokens: 64, seed: 7 },
});
const add = serverTool({
  id: 'add', name: 'add', description: 'Adds two numbers.',
  inputs: [{ title: 'a', type: 'number' }, { title: 'b', type: 'number' }], outputs: [{ title: 'sum', type: 'number' }],
});
const lookup = serverTool({
  id: 'lookup', name: 'lookup', description: 'Looks up.', inputs: [{ title: 'q', type: 'string', default: 'x' }],
});
const pick = clientTool({ id: 'pick', name: 'pick_file', description: 'Picks a file.', inputs: [{ title: 'pattern', type: 'string' }] });
const risky = serverTool({ id: 'risky', name: 'risky', description: 'Needs consent.', inputs: [], requires_confirmation: true });

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'add' } }, answer: { text: 'It is 5.' } },
      { match: { lastToolResult: { tool: 'pick_file' } }, answer: { text: 'Got it.' } },
      { match: { lastToolResult: { tool: 'risky', contains: 'rejected' } }, answer: { text: 'Not done.' } },
      { match: { lastToolResult: { tool: 'risky' } }, answer: { text: 'Done.' } },
      { match: { lastToolResult: { tool: 'submit_result', contains: 'invalid' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 42 } }] } },
      { match: { lastUserMessage: 'Add 2 and 3' }, answer: { toolCalls: [{ name: 'add', arguments: { a: 2, b: '3' } }] } },
      { match: { lastUserMessage: 'Pick' }, answer: { toolCalls: [{ name: 'pick_file', arguments: { pattern: '*.md' } }] } },
      { match: { lastUserMessage: 'Risk it' }, answer: { toolCalls: [{ name: 'risky', arguments: {} }] } },
      { match: { lastUserMessage: 'Answer', toolOffered: 'submit_result' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'forty-two' } }] } },
      { match: { lastUserMessage: 'Answer' }, answer: { structured: { answer: 42 } } },
      { match: { lastUserMessage: 'Hello' }, answer: { text: 'Hi there!' } },
    ],
  });
});
afterAll(() => llm.close());

const options = () => ({ llm: { override: { url: llm.url } }, tools: { add: ({ a, b }: Record<string, unknown>) => Number(a) + Number(b), lookup: () => 'found', risky: () => 'ok' } });

describe('compileOpenAiAgents', () => {
  it('makes an SDK Agent: instructions from the inputs, tools with JSON Schemas, model settings, a Chat Completions model', async () => {
    const spec = agent({ id: 'calc', name: 'Calculator', system_prompt: 'Help {{user}} add.', llm_config: llmConfig, tools: [add, lookup] });
    const { agent: sdk, warnings, runOptions } = compileOpenAiAgents(spec, { ...options(), inputs: { user: 'Ada' }, limits: { maxAgentSteps: 5 } });
    expect(warnings).toEqual([]);
    expect(runOptions).toEqual({ maxTurns: 5 });
    expect(sdk.name).toBe('Calculator');
    expect(sdk.instructions).toBe('Help Ada add.');
    expect(sdk.model).toBeInstanceOf(OpenAIChatCompletionsModel);
    expect(sdk.modelSettings).toEqual({ temperature: 0.2, topP: 0.9, maxTokens: 64, providerData: { seed: 7 } });

    llm.clear();
    const result = await run(sdk, 'Add 2 and 3', runOptions);
    expect(result.finalOutput).toBe('It is 5.');
    const [first] = llm.requests;
    expect(first?.systemPrompt).toBe('Help Ada add.');
    expect(first?.parameters).toMatchObject({ temperature: 0.2, topP: 0.9, maxTokens: 64, extra: { seed: 7 } });
    expect(first?.tools).toEqual([
      { type: 'function', name: 'add', description: 'Adds two numbers.', strict: true,
        parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false } },
      { type: 'function', name: 'lookup', description: 'Looks up.', strict: false,
        parameters: { type: 'object', properties: { q: { type: 'string', default: 'x' } }, required: [], additionalProperties: false } },
    ]);
    // '3' was coerced to a number before the tool ran; the result reaches the model as text
    expect(llm.lastRequest()?.messages.at(-1)).toMatchObject({ role: 'tool', content: '5' });
  });

  it('surfaces a ClientTool call as an interruption that respondToClientTool answers, across RunState serialization', async () => {
    const spec = agent({ id: 'files', name: 'Files', system_prompt: 'Find files.', llm_config: llmConfig, tools: [pick] });
    const { agent: sdk } = compileOpenAiAgents(spec, options());
    const first = await run(sdk, 'Pick');
    expect(first.finalOutput).toBeUndefined();
    expect(first.interruptions.map((i) => [i.name, i.arguments])).toEqual([['pick_file', '{"pattern":"*.md"}']]);
    const state = await RunState.fromString(sdk, first.state.toString());
    respondToClientTool(state, state.getInterruptions()[0]!, '/docs/README.md');
    const second = await run(sdk, state);
    expect(second.finalOutput).toBe('Got it.');
    expect(llm.lastRequest()?.messages.at(-1)).toMatchObject({ role: 'tool', content: '/docs/README.md' });
  });

  it('turns requires_confirmation into needsApproval: approve runs the tool, reject answers the model', async () => {
    const spec = agent({ id: 'r', name: 'Risky', system_prompt: 'Careful.', llm_config: llmConfig, tools: [risky] });
    const { agent: sdk } = compileOpenAiAgents(spec, options());
    const approved = await run(sdk, 'Risk it');
    approved.state.approve(approved.interruptions[0]!);
    expect((await run(sdk, approved.state)).finalOutput).toBe('Done.');
    const rejected = await run(sdk, 'Risk it');
    rejected.state.reject(rejected.interruptions[0]!, { message: 'The user rejected this call of risky.' });
    expect((await run(sdk, rejected.state)).finalOutput).toBe('Not done.');
  });

  it('finishes an agent with outputs on a valid submit_result (an invalid one goes back to the model)', async () => {
    const spec = agent({ id: 'q', name: 'Quiz', system_prompt: 'Answer.', llm_config: llmConfig, outputs: [{ title: 'answer', type: 'integer' }] });
    const { agent: sdk } = compileOpenAiAgents(spec, options());
    const result = await run(sdk, 'Answer');
    expect(JSON.parse(result.finalOutput as string)).toEqual({ answer: 42 });
    expect(result.history.filter((i) => i.type === 'function_call_result').map((i) => (i as { output: { text: string } }).output.text))
      .toEqual([expect.stringContaining("invalid submission: 'answer' should be integer"), 'Result submitted.']);
  });

  it("uses the SDK's native structured output with structuredOutput: 'native'", async () => {
    const spec = agent({ id: 'q', name: 'Quiz', system_prompt: 'Answer.', llm_config: llmConfig, outputs: [{ title: 'answer', type: 'integer' }] });
    const { agent: sdk } = compileOpenAiAgents(spec, { ...options(), structuredOutput: 'native' });
    expect(sdk.tools).toEqual([]);
    const result = await run(sdk, 'Answer');
    expect(result.finalOutput).toEqual({ answer: 42 });
    expect(llm.lastRequest()?.responseFormat).toMatchObject({ type: 'json_schema', schema: { properties: { answer: { type: 'integer' } } } });
  });

  it('streams with the SDK', async () => {
    const spec = agent({ id: 'h', name: 'Greeter', system_prompt: 'Greet.', llm_config: llmConfig });
    const { agent: sdk } = compileOpenAiAgents(spec, options());
    const streamed = await run(sdk, 'Hello', { stream: true });
    let text = '';
    for await (const piece of streamed.toTextStream()) text += piece;
    await streamed.completed;
    expect(text).toBe('Hi there!');
    expect(llm.lastRequest()?.stream).toBe(true);
  });

  it('uses the Responses API for an OpenAiConfig without llm.override', () => {
    const spec = agent({ id: 'o', name: 'O', system_prompt: 'Hi.', llm_config: openAiConfig({ id: 'gpt', name: 'gpt', model_id: 'gpt-4o-mini' }) });
    const model = compileOpenAiAgents(spec, { llm: { apiKey: 'sk-test' } }).agent.model;
    expect(model).toBeInstanceOf(OpenAIResponsesModel);
    expect(model).toMatchObject({ modelId: 'gpt-4o-mini', baseURL: 'https://api.openai.com/v1' });
  });

  it('runs on the Responses API too (an OpenAiConfig model, here pointed at the scripted server)', async () => {
    const spec = agent({ id: 'calc', name: 'Calculator', system_prompt: 'Add.', llm_config: llmConfig, tools: [add] });
    const compiled = compileOpenAiAgents(spec, options()).agent;
    const model = new AgentSpecResponsesModel(openAiClient({ baseURL: llm.url, apiKey: 'test' }), { modelId: 'scripted-model', baseURL: llm.url, checkToolCallsAt: { agent: 'calc' } });
    const result = await run(compiled.clone({ model }), 'Add 2 and 3');
    expect(result.finalOutput).toBe('It is 5.');
    expect(llm.lastRequest()?.endpoint).toBe('responses');
    expect(toMessages(result.history, 'Calculator').map((m) => [m.role, m.content, m.toolCalls?.length ?? 0])).toEqual([
      ['user', 'Add 2 and 3', 0], ['assistant', '', 1], ['tool', '5', 0], ['assistant', 'It is 5.', 0],
    ]);
  });

  it('refuses what it cannot compile with coded errors, and warns about what it approximates', () => {
    const flowSpec = deserialize(`
component_type: Flow
id: f
name: f
start_node: {$component_ref: s}
nodes: [{$component_ref: s}, {$component_ref: e}]
control_flow_connections: [{component_type: ControlFlowEdge, id: c, name: c, from_node: {$component_ref: s}, to_node: {$component_ref: e}}]
$referenced_components:
  s: {component_type: StartNode, id: s, name: s}
  e: {component_type: EndNode, id: e, name: e}
agentspec_version: 25.4.1
`);
    expect(() => compileOpenAiAgents(flowSpec)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED' }));
    expect(() => compileOpenAiAgents(flow({ name: 'bad' } as never))).toThrow();
    const needsTools = agent({ id: 'a', name: 'A', system_prompt: 'x', llm_config: llmConfig, tools: [add, lookup] });
    expect(() => compileOpenAiAgents(needsTools)).toThrow(expect.objectContaining({ code: 'AS_MISSING_TOOL', message: expect.stringContaining("'add', 'lookup'") }));
    const needsInput = agent({ id: 'a', name: 'A', system_prompt: 'Hi {{user}}', llm_config: llmConfig });
    expect(() => compileOpenAiAgents(needsInput)).toThrow(expect.objectContaining({ code: 'AS_MISSING_INPUT' }));
    const silent: SpecAgent = { ...agent({ id: 'a', name: 'A', system_prompt: 'x', llm_config: llmConfig }), human_in_the_loop: false };
    expect(compileOpenAiAgents(silent).warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'a' })]);
  });
});
