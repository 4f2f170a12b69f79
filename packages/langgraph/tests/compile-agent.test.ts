import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Command, MemorySaver } from '@langchain/langgraph';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import type { LlmConfig } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { compileLangGraph } from '../src/index.js';
import { chatOpenAI } from '../src/compile/llm/chat-model.js';
import { readNodeMetadata } from '../src/compile/metadata.js';
import { caseSpec, type Invoked } from './fixtures/cases.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastToolResult: { tool: 'pick_file' } }, answer: { text: 'You picked docs/README.md.' } },
      { match: { lastUserMessage: 'Find the readme' }, answer: { toolCalls: [{ name: 'pick_file', arguments: { pattern: '*.md' } }] } },
    ],
  });
});
afterAll(() => llm.close());

describe('compileLangGraph: an Agent', () => {
  it('is an agent loop graph: model → tools → model, a text reply waits in `human`', async () => {
    const { graph, builder } = compileLangGraph(caseSpec('tools/client-tool'), { llm: { override: { url: llm.url } }, checkpointer: new MemorySaver() });
    expect(Object.keys(builder.nodes)).toEqual(['model', 'tools', 'human']);
    expect(readNodeMetadata(builder.nodes.model?.metadata)?.component).toMatchObject({ component_type: 'Agent', id: 'file_helper' });

    const config = { configurable: { thread_id: 'agent-1' } };
    const paused = (await graph.invoke({ messages: [{ role: 'user', content: 'Find the readme' }] }, config)) as Invoked;
    const request = paused.__interrupt__?.[0]?.value;
    expect(request).toMatchObject({ type: 'tool_request', component: 'file_helper', requests: [{ name: 'pick_file', args: { pattern: '*.md' } }] });
    const id = request?.requests?.[0]?.id as string;
    const waiting = (await graph.invoke(new Command({ resume: { [id]: 'docs/README.md' } }), config)) as Invoked;
    expect(waiting.__interrupt__?.[0]?.value).toMatchObject({ type: 'user_input' });
    expect(waiting.messages.map((m) => m.content)).toEqual(['Find the readme', '', 'docs/README.md', 'You picked docs/README.md.']);
  });

  it('takes another chat model through `chatModel`', async () => {
    const model = new FakeListChatModel({ responses: ['Tides and Moons'] });
    const { graph } = compileLangGraph(caseSpec('llm/generation-parameters-llm-node'), { chatModel: () => model });
    expect(await graph.invoke({ text: 'anything' })).toMatchObject({ summary: 'Tides and Moons' });
  });
});

describe('LLM configs → ChatOpenAI', () => {
  const vllm = { component_type: 'VllmConfig', id: 'v', name: 'v', model_id: 'llama', url: 'http://10.0.0.5:8000', default_generation_parameters: { temperature: 0, top_p: 0.5, max_tokens: 64, seed: 7 } } as LlmConfig;

  it('has the config endpoint (+ /v1), model and generation parameters, and never streaming: true', () => {
    const m = chatOpenAI(vllm);
    expect(m.model).toBe('llama');
    expect(m.clientConfig.baseURL).toBe('http://10.0.0.5:8000/v1');
    expect([m.temperature, m.topP, m.maxTokens, m.modelKwargs]).toEqual([0, 0.5, 64, { seed: 7 }]);
    expect(m.streaming).toBe(false);
  });

  it('is pointed elsewhere by llm.override', () => {
    const m = chatOpenAI(vllm, { override: { url: 'http://127.0.0.1:1234', model: 'other' }, timeoutMs: 500 });
    expect([m.clientConfig.baseURL, m.model, m.timeout]).toEqual(['http://127.0.0.1:1234/v1', 'other', 500]);
  });
});
