import { describe, expect, it } from 'vitest';
import { deserialize, load } from '@agentspec/core';
import { referenceRuntime, type LlmBackend } from '@agentspec/runtime';
import { branchingFlowDocument } from '../src/branching-flow.js';
import { LOOP_AGENT } from '../src/agent-loop.js';

describe('benchmark inputs: branching flow and agent loop', () => {
  it('the branching flow is valid Agent Spec and routes on the LLM answers', async () => {
    const doc = branchingFlowDocument(3);
    expect(load(doc).diagnostics).toEqual([]);
    const asked: string[] = [];
    const backend: LlmBackend = {
      async generate({ messages }) {
        const prompt = messages.at(-1)?.content ?? '';
        asked.push(prompt);
        const stage = /^Stage (\d+), classify:/.exec(prompt)?.[1];
        return { text: stage === undefined ? `${prompt.split(':')[0]}ed` : stage === '2' ? 'maybe' : 'yes', toolCalls: [] };
      },
    };
    const app = await referenceRuntime({ backend }).load(deserialize(JSON.stringify(doc)));
    const status = await app.start({ inputs: { text: 'hello' } }).run();
    expect(status).toMatchObject({ type: 'finished', outputs: { text: 'Expanded' } });
    // stage 2's answer matches no mapping key: the default branch, which shortens
    expect(asked.map((p) => p.split(':')[0])).toEqual(['Stage 1, classify', 'Expand', 'Stage 2, classify', 'Shorten', 'Stage 3, classify', 'Expand']);
  });

  it('the agent of the agent loop benchmark is valid Agent Spec', () => {
    expect(load(LOOP_AGENT).diagnostics).toEqual([]);
  });
});
