import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { referenceRuntime } from '../../src/index.js';

const spec = (extra = '') => deserialize(`
component_type: Agent
id: calc
name: calculator
system_prompt: You compute for {{user}}.
inputs: [{title: user, type: string}]
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: http://unused, default_generation_parameters: {temperature: 0.1, max_tokens: 50}}
tools:
  - component_type: ServerTool
    id: multiply
    name: multiply
    description: Multiply two numbers
    inputs: [{title: a, type: number}, {title: b, type: number}]
    outputs: [{title: product, type: number}]
${extra}
agentspec_version: 25.4.1
`);

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'multiply' } }, answer: { text: 'It is 180.' } },
      { match: { lastUserMessage: 'What is 30x6?' }, answer: { toolCalls: [{ name: 'multiply', arguments: { a: '30', b: 6 } }] } },
      { match: { lastUserMessage: 'thanks' }, answer: { text: 'You are welcome.' } },
    ],
  });
});
afterAll(() => llm.close());

describe('reference runtime: a standalone agent', () => {
  it('runs a server tool, replies, and waits for the user; several turns', async () => {
    const app = await referenceRuntime().load(spec(), { tools: { multiply: ({ a, b }) => (a as number) * (b as number) }, llm: { override: { url: llm.url } } });
    const session = app.start({ inputs: { user: 'Ada' } });
    session.appendUserMessage('What is 30x6?');
    llm.clear();
    const first = await session.run();
    expect(first.type).toBe('user_input');
    expect(first.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'What is 30x6?'], ['assistant', ''], ['tool', '180'], ['assistant', 'It is 180.'],
    ]);
    expect(first.messages[1]?.toolCalls?.[0]).toMatchObject({ name: 'multiply', args: { a: '30', b: 6 } });
    const req = llm.requests[0]!;
    expect(req.systemPrompt).toBe('You compute for Ada.');
    expect(req.tools.map((t) => t.name)).toEqual(['multiply']);
    expect(req.tools[0]?.parameters).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false });
    expect(req.parameters).toMatchObject({ temperature: 0.1, maxTokens: 50 });
    expect(llm.requests).toHaveLength(2);

    session.appendUserMessage('thanks');
    llm.clear();
    const second = await session.run();
    expect(second.type).toBe('user_input');
    expect(second.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'You are welcome.' });
    expect(llm.requests).toHaveLength(1); // the earlier turns were replayed, not asked again
  });

  it('fails at load naming every missing server tool', async () => {
    await expect(referenceRuntime().load(spec(), { llm: { override: { url: llm.url } } })).rejects.toMatchObject({ code: 'AS_MISSING_TOOL' });
  });

  it('saves and resumes in a fresh runtime with nothing lost', async () => {
    const tools = { multiply: ({ a, b }: Record<string, unknown>) => (a as number) * (b as number) };
    const app = await referenceRuntime().load(spec(), { tools, llm: { override: { url: llm.url } } });
    const session = app.start({ inputs: { user: 'Ada' } });
    session.appendUserMessage('What is 30x6?');
    await session.run();
    const saved = JSON.parse(JSON.stringify(await session.save()));
    const other = await (await referenceRuntime().load(spec(), { tools, llm: { override: { url: llm.url } } })).resume(saved);
    other.appendUserMessage('thanks');
    const status = await other.run();
    expect(status.messages.map((m) => m.content)).toEqual(['What is 30x6?', '', '180', 'It is 180.', 'thanks', 'You are welcome.']);
  });

  it('streams the same run as trace events ending with the status', async () => {
    const app = await referenceRuntime().load(spec(), { tools: { multiply: () => 180 }, llm: { override: { url: llm.url } } });
    const session = app.start({ inputs: { user: 'Ada' } });
    session.appendUserMessage('What is 30x6?');
    const types: string[] = [];
    for await (const e of session.stream()) types.push(e.type);
    expect(types[0]).toBe('ConversationMessageAdded');
    expect(types).toContain('AgentExecutionStart');
    expect(types.filter((t) => t === 'LlmGenerationRequest')).toHaveLength(2);
    expect(types).toContain('LlmGenerationStreamingChunkReceived');
    expect(types).toContain('ToolExecutionResponse');
    expect(types.at(-1)).toBe('RunStatus');
  });
});
