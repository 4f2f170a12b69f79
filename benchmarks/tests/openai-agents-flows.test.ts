import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, type Component } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { setTracingDisabled } from '@openai/agents';
import { branchingFlowDocument } from '../src/branching-flow.js';
import { chainFlowDocument, chainFlowTools } from '../src/chain-flow.js';
import { mapFlowDocument } from '../src/map-flow.js';
import { branchingByHand, chainByHand, mapByHand } from '../src/by-hand-flows.js';
import { ANSWER, byHandAgents, RULES, runtimeFlow } from '../src/openai-agents-flows.js';

/** Each flow on openaiAgentsRuntime and its twin by hand on the Agents SDK ask the server the same prompts and end alike. */
describe('openai-agents-flows benchmark inputs', () => {
  let server: ScriptedLlm;
  beforeAll(async () => {
    setTracingDisabled(true);
    server = await startScriptedLlm(RULES);
  });
  afterAll(() => server.close());

  /** The last user message of each request since the last clear. */
  const asked = () => server.requests.map((r) => r.messages.findLast((m) => m.role === 'user')?.content);

  async function both(component: Component, inputs: Record<string, unknown>, tools: Parameters<typeof runtimeFlow>[2], hand: () => Promise<unknown>) {
    const flow = await runtimeFlow(component, server.url, tools, inputs);
    server.clear();
    const outputs = await flow.run();
    const runtimePrompts = asked();
    await flow.close();
    server.clear();
    const result = await hand();
    return { outputs, result, runtimePrompts, handPrompts: asked() };
  }

  it('the chain: one request per LlmNode, the same prompts, the same text at the end', async () => {
    const tools = chainFlowTools(10);
    const { ask } = byHandAgents(server.url);
    const r = await both(deserialize(chainFlowDocument(10)) as Component, { text: 'hello' }, tools, chainByHand(ask, tools, 10));
    expect(r.runtimePrompts).toEqual(['Rewrite: hello', ...Array(3).fill(`Rewrite: ${ANSWER}`)]);
    expect(r.handPrompts).toEqual(r.runtimePrompts);
    expect(r.outputs).toEqual({ text: ANSWER });
    expect(r.result).toBe(ANSWER);
  });

  it('the map: one request per item, in order', async () => {
    const list = ['a', 'b', 'c'];
    const { ask } = byHandAgents(server.url);
    const r = await both(deserialize(mapFlowDocument('MapNode')) as Component, { iterated_item: list }, {}, mapByHand(ask, list));
    expect(r.runtimePrompts).toEqual(['Rewrite: a', 'Rewrite: b', 'Rewrite: c']);
    expect(r.handPrompts).toEqual(r.runtimePrompts);
    expect(r.outputs).toEqual({ collected_value: [ANSWER, ANSWER, ANSWER] });
    expect(r.result).toEqual([ANSWER, ANSWER, ANSWER]);
  });

  it('the branching flow: odd stages expand, even stages shorten, on both sides', async () => {
    const { ask } = byHandAgents(server.url);
    const r = await both(deserialize(branchingFlowDocument(3)) as Component, { text: 'hello' }, {}, branchingByHand(ask, 3));
    expect(r.runtimePrompts.map((p) => String(p).split(':')[0])).toEqual(['Stage 1, classify', 'Expand', 'Stage 2, classify', 'Shorten', 'Stage 3, classify', 'Expand']);
    expect(r.handPrompts).toEqual(r.runtimePrompts);
    expect(r.outputs).toEqual({ text: ANSWER });
    expect(r.result).toBe(ANSWER);
  });
});
