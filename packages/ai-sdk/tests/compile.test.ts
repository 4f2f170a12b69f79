import { agent as buildAgent, clientTool, deserialize, flow, openAiCompatibleConfig, openAiConfig, serverTool, startNode, endNode, vllmConfig, type Agent } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import type { ModelMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileAiSdk } from '../src/index.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { toolOffered: 'square' }, answer: { toolCalls: [{ name: 'square', arguments: { x: 2 } }] } },
      { match: { lastToolResult: { tool: 'multiply' } }, answer: { text: '30 x 6 = 180' } },
      { match: { lastUserMessage: 'What is 30x6?' }, answer: { toolCalls: [{ name: 'multiply', arguments: { a: 30, b: '6' } }] } },
      { match: { lastToolResult: { tool: 'submit_result', contains: 'invalid' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { capital: 'Rome' } }] } },
      { match: { lastUserMessage: 'Capital of Italy?' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { capital: 7, extra: 1 } }] } },
      { match: { lastUserMessage: 'Pick a file' }, answer: { toolCalls: [{ name: 'pick_file', arguments: { pattern: '*.md' } }] } },
      { match: { lastUserMessage: 'Delete it' }, answer: { toolCalls: [{ name: 'delete_file', arguments: { path: 'a.txt' } }] } },
      { match: { lastUserMessage: 'Native please' }, answer: { structured: { capital: 'Paris' } } },
      { match: { systemPromptContains: 'Greet Ada' }, answer: { text: 'Hello Ada!' } },
      { match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello.' } },
    ],
  });
});
afterAll(() => llm.close());

const model = () => openAiCompatibleConfig({ id: 'llm', name: 'scripted', model_id: 'scripted-model', url: 'http://127.0.0.1:1' });
const multiply = serverTool({ id: 'multiply', name: 'multiply', description: 'Multiplies two numbers.', inputs: [{ title: 'a', type: 'number' }, { title: 'b', type: 'number' }], outputs: [{ title: 'product', type: 'number' }] });
const calls: Record<string, unknown>[] = [];
const tools = { multiply: ({ a, b }: Record<string, unknown>) => (calls.push({ a, b }), Number(a) * Number(b)) };
const user = (content: string): ModelMessage[] => [{ role: 'user', content }];

function calculator(extra: Partial<Agent> = {}): Agent {
  return buildAgent({ id: 'calc', name: 'Calculator', system_prompt: 'You help {{user}} with {{topic}}.', inputs: [{ title: 'user', type: 'string' }, { title: 'topic', type: 'string', default: 'maths' }], llm_config: model(), tools: [multiply], ...extra });
}

describe('compileAiSdk', () => {
  it('gives a ToolLoopAgent whose instructions are the rendered system prompt and whose server tools run from the registry', async () => {
    const { agent, warnings } = compileAiSdk(calculator(), { tools, inputs: { user: 'Ada' }, llm: { override: { url: llm.url } } });
    expect(warnings).toEqual([]);
    expect(agent.version).toBe('agent-v1');
    expect(agent.id).toBe('calc');
    const result = await agent.generate({ messages: user('What is 30x6?') });
    expect(result.text).toBe('30 x 6 = 180');
    expect(calls.at(-1)).toEqual({ a: 30, b: 6 }); // arguments coerced to the declared types
    const first = llm.requests.at(-2)!;
    expect(first.systemPrompt).toBe('You help Ada with maths.');
    expect(first.tools).toEqual([{ type: 'function', name: 'multiply', description: 'Multiplies two numbers.', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false } }]);
    expect(llm.lastRequest()!.messages.at(-1)).toMatchObject({ role: 'tool', content: '180' });
  });

  it('streams like any AI SDK agent', async () => {
    const { agent } = compileAiSdk(calculator(), { tools, inputs: { user: 'Ada' }, llm: { override: { url: llm.url } } });
    const result = await agent.stream({ messages: user('Hi') });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text).toBe('Hello.');
  });

  it('leaves client tools without execute (the call comes back to the caller) and asks approval for requires_confirmation', async () => {
    const pick = clientTool({ id: 'pick_file', name: 'pick_file', inputs: [{ title: 'pattern', type: 'string' }] });
    const del = serverTool({ id: 'delete_file', name: 'delete_file', inputs: [{ title: 'path', type: 'string' }], requires_confirmation: true });
    const { agent } = compileAiSdk(calculator({ tools: [pick, del] }), { tools: { delete_file: () => 'deleted' }, inputs: { user: 'Ada' }, llm: { override: { url: llm.url } } });
    expect(agent.tools.pick_file?.execute).toBeUndefined();
    expect(agent.tools.delete_file?.needsApproval).toBe(true);
    const picked = await agent.generate({ messages: user('Pick a file') });
    expect(picked.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['pick_file', { pattern: '*.md' }]]);
    expect(picked.toolResults).toEqual([]);
    const deleting = await agent.generate({ messages: user('Delete it') });
    expect(deleting.content.filter((p) => p.type === 'tool-approval-request')).toHaveLength(1);
  });

  it('finishes an agent with outputs on an accepted submit_result call; an invalid one goes back to the LLM', async () => {
    const finder = calculator({ tools: [], outputs: [{ title: 'capital', type: 'string' }] });
    const { agent } = compileAiSdk(finder, { inputs: { user: 'Ada' }, llm: { override: { url: llm.url } } });
    const result = await agent.generate({ messages: user('Capital of Italy?') });
    expect(result.steps).toHaveLength(2);
    expect(result.finalStep.staticToolResults.map((r) => r.output)).toEqual([{ capital: 'Rome' }]);
    expect(llm.lastRequest()!.messages.at(-1)?.content).toBe("invalid submission: 'extra' is not an output. Call submit_result again with corrected arguments.");
    expect(llm.lastRequest()!.tools.map((t) => t.name)).toEqual(['submit_result']);
  });

  it("uses Output.object with structuredOutput: 'native'", async () => {
    const finder = calculator({ tools: [], outputs: [{ title: 'capital', type: 'string' }] });
    const { agent } = compileAiSdk(finder, { inputs: { user: 'Ada' }, structuredOutput: 'native', llm: { override: { url: llm.url } } });
    const result = await agent.generate({ messages: user('Native please') });
    expect(result.output).toEqual({ capital: 'Paris' });
    expect(llm.lastRequest()!.responseFormat).toMatchObject({ type: 'json_schema', schema: { properties: { capital: { type: 'string' } }, required: ['capital'] }, strict: false });
    expect(llm.lastRequest()!.tools).toEqual([]);
  });

  it('limits the loop with stopWhen: stepCountIs(maxSteps)', async () => {
    const square = serverTool({ id: 'square', name: 'square', inputs: [{ title: 'x', type: 'number' }] });
    const { agent } = compileAiSdk(calculator({ tools: [square] }), { tools: { square: ({ x }) => Number(x) ** 2 }, inputs: { user: 'Ada' }, maxSteps: 3, llm: { override: { url: llm.url } } });
    const result = await agent.generate({ messages: user('Square forever') }); // the LLM never stops calling square
    expect(result.steps).toHaveLength(3);
    expect(result.finishReason).toBe('tool-calls');
  });

  it('speaks first when called with no messages (the system prompt alone)', async () => {
    const greeter = buildAgent({ id: 'g', name: 'g', system_prompt: 'Greet {{user}}.', llm_config: model() });
    const { agent } = compileAiSdk(greeter, { inputs: { user: 'Ada' }, llm: { override: { url: llm.url } } });
    const result = await agent.generate({ messages: [] });
    expect(result.text).toBe('Hello Ada!');
    expect(llm.lastRequest()!.messages).toEqual([{ role: 'system', content: 'Greet Ada.' }]);
  });

  it('sends the generation parameters: temperature, top_p, max_tokens, seed and any other as is', async () => {
    const config = vllmConfig({ id: 'v', name: 'v', model_id: 'm', url: 'http://127.0.0.1:1', default_generation_parameters: { temperature: 0.2, top_p: 0.9, max_tokens: 64, seed: 7, top_k: 5 } });
    const { agent } = compileAiSdk(calculator({ llm_config: config }), { tools, inputs: { user: 'Ada' }, llm: { override: { url: llm.url } } });
    await agent.generate({ messages: user('Hi') });
    const r = llm.lastRequest()!;
    expect(r.parameters).toMatchObject({ temperature: 0.2, topP: 0.9, maxTokens: 64, extra: { seed: 7, top_k: 5 } });
    expect(r.model).toBe('m');
  });

  it('builds the model from the LLM config: @ai-sdk/openai-compatible at its URL, @ai-sdk/openai chat for OpenAiConfig', () => {
    const compatible = compileAiSdk(calculator(), { tools, inputs: { user: 'Ada' } }).agent;
    const openai = compileAiSdk(calculator({ llm_config: openAiConfig({ id: 'o', name: 'o', model_id: 'gpt-4o-mini', default_generation_parameters: { logit_bias: {} } }) }), { tools, inputs: { user: 'Ada' }, llm: { apiKey: 'k' } });
    const modelOf = (a: unknown) => (a as { settings: { model: { provider: string; modelId: string; config: { url: (o: { path: string }) => string } } } }).settings.model;
    expect(modelOf(compatible).provider).toBe('compatible.chat');
    expect(modelOf(compatible).config.url({ path: '/chat/completions' })).toBe('http://127.0.0.1:1/v1/chat/completions');
    expect(modelOf(openai.agent).provider).toBe('openai.chat');
    expect(modelOf(openai.agent).modelId).toBe('gpt-4o-mini');
    expect(openai.warnings).toEqual([{ kind: 'unsupported', component: 'o', message: expect.stringContaining("'logit_bias'") }]);
  });

  it('rejects what it cannot compile with coded errors naming it', () => {
    const f = flow({ id: 'f', name: 'f', start_node: startNode({ id: 's', name: 's' }), nodes: [], control_flow_connections: [] });
    expect(() => compileAiSdk(f)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("Flow 'f'") }));
    expect(() => compileAiSdk(calculator(), { inputs: { user: 'Ada' } })).toThrow(expect.objectContaining({ code: 'AS_MISSING_TOOL', message: expect.stringContaining("'multiply'") }));
    expect(() => compileAiSdk(calculator(), { tools })).toThrow(expect.objectContaining({ code: 'AS_MISSING_INPUT' }));
    expect(RuntimeError.isInstance((() => { try { compileAiSdk(endNode({ id: 'e', name: 'e' })); } catch (e) { return e; } })())).toBe(true);
  });

  it('warns about human_in_the_loop: false, which a ToolLoopAgent does not enforce', () => {
    const spec = deserialize(`component_type: Agent\nid: a\nname: a\nsystem_prompt: Hi\nhuman_in_the_loop: false\nllm_config: {component_type: OpenAiCompatibleConfig, id: l, name: l, model_id: m, url: http://x}\nagentspec_version: 25.4.2`);
    expect(compileAiSdk(spec).warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'a' })]);
  });
});
