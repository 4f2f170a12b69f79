import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { agentPairs, BENCH_LLM, flowPairs, WEATHER } from '../src/emitted.js';
import { llmChainDocument } from '../src/chain-flow.js';

describe('emitted ÷ in-memory benchmark inputs', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm(BENCH_LLM);
  });
  afterAll(() => llm.close());

  /** LLM requests one run makes. */
  async function requestsOf(run: () => Promise<unknown>): Promise<number> {
    const before = llm.requests.length;
    await run();
    return llm.requests.length - before;
  }

  it('both sides of every agent pair answer the question (they throw otherwise) with the same two LLM calls', async () => {
    const pairs = await agentPairs(deserialize(readFileSync(WEATHER, 'utf8')), llm.url);
    expect(Object.keys(pairs)).toEqual(['langgraph', 'ai-sdk', 'openai-agents', 'mastra']);
    for (const pair of Object.values(pairs)) {
      expect(await requestsOf(pair.compiled)).toBe(2);
      expect(await requestsOf(pair.emitted)).toBe(2);
    }
  });

  it('both sides of every flow pair run the chain (one LLM call per LlmNode)', async () => {
    const pairs = await flowPairs(deserialize(llmChainDocument(5)), llm.url);
    for (const pair of Object.values(pairs)) {
      expect(await requestsOf(pair.compiled)).toBe(5);
      expect(await requestsOf(pair.emitted)).toBe(5);
    }
  });
});
