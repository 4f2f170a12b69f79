import { describe, expect, it } from 'vitest';
import { deserialize, load } from '@agentspec/core';
import { compileLangGraph } from '@agentspec/langgraph';
import { llmChainDocument } from '../src/chain-flow.js';
import { handWrittenChain, InstantChatModel } from '../src/langgraph.js';

describe('LangGraph benchmark inputs', () => {
  it('the compiled chain and the hand-written chain do the same work: one model call per LlmNode, same result', async () => {
    expect(load(llmChainDocument(5)).diagnostics).toEqual([]);
    let calls = 0;
    const model = new InstantChatModel({ callbacks: [{ handleChatModelStart: () => void calls++ }] });
    const { graph, builder } = compileLangGraph(deserialize(llmChainDocument(5)), { chatModel: () => model });
    expect(Object.keys(builder.nodes)).toHaveLength(7); // StartNode, 5 LlmNodes, EndNode
    const compiled = await graph.invoke({ text: 'a b c' });
    expect(calls).toBe(5);
    const byHand = await handWrittenChain(5, model).invoke({ text: 'a b c' });
    expect(calls).toBe(10);
    expect(compiled.text).toBe('c');
    expect(byHand.text).toBe(compiled.text);
  });
});
