import { describe, expect, it } from 'vitest';
import { deserialize, load } from '@agentspec/core';
import { compileLangGraph } from '@agentspec/langgraph';
import { compileMastra } from '@agentspec/mastra';
import { Mastra } from '@mastra/core';
import type { Agent } from '@mastra/core/agent';
import { InMemoryStore } from '@mastra/core/storage';
import type { AnyWorkflow } from '@mastra/core/workflows';
import { branchingChainDocument } from '../src/branching-flow.js';
import { InstantChatModel } from '../src/langgraph.js';
import * as lg from '../src/langgraph-shapes.js';
import * as ms from '../src/mastra-shapes.js';
import { mapFlowDocument } from '../src/parallel-map.js';

const ITEMS = ['item 1', 'item 2', 'item 3'];

/** The shapes benchmarks' inputs: each compiled program and its hand-written twin make the same model calls and give the same result. */
describe('shapes benchmark inputs (map, branching)', () => {
  it('the branching flow is a valid Agent Spec flow', () => {
    expect(load(branchingChainDocument(6)).diagnostics).toEqual([]);
  });

  it('LangGraph: the compiled map and the Send map-reduce by hand, the compiled decisions and addConditionalEdges by hand', async () => {
    let calls = 0;
    const model = new InstantChatModel({ callbacks: [{ handleChatModelStart: () => void calls++ }] });
    for (const kind of ['MapNode', 'ParallelMapNode'] as const) {
      const { graph } = compileLangGraph(deserialize(mapFlowDocument(kind)), { chatModel: () => model });
      calls = 0;
      expect(await graph.invoke({ iterated_item: ITEMS })).toMatchObject({ collected_value: ['1', '2', '3'] });
      expect(calls).toBe(3);
    }
    calls = 0;
    expect(await lg.mapByHand(model).invoke({ items: ITEMS })).toMatchObject({ answers: ['1', '2', '3'] });
    expect(calls).toBe(3);
    const { graph } = compileLangGraph(deserialize(branchingChainDocument(6)), { chatModel: () => model });
    calls = 0;
    expect(await graph.invoke({ text: 'the plan' })).toMatchObject({ choice: 'yes' });
    expect(calls).toBe(6);
    expect(await lg.branchingByHand(6, model).invoke({ text: 'the plan' })).toMatchObject({ choice: 'yes' });
    expect(calls).toBe(12);
  });

  it('Mastra: the compiled map and .foreach by hand, the compiled decisions and .branch by hand', async () => {
    const run = async (workflow: AnyWorkflow, agents: Record<string, unknown>, inputData: unknown) => {
      const mastra = new Mastra({ workflows: { [workflow.id]: workflow }, agents, storage: new InMemoryStore(), logger: false } as never);
      const r = await (await mastra.getWorkflow(workflow.id).createRun()).start({ inputData }) as { status: string; result?: unknown };
      expect(r.status).toBe('success');
      return r.result;
    };
    const compiled = (doc: Record<string, unknown>) => {
      const c = compileMastra(deserialize(doc), { model: ms.echoModel as never });
      if (c.kind !== 'workflow') throw new Error('expected a workflow');
      return c;
    };
    for (const kind of ['MapNode', 'ParallelMapNode'] as const) {
      const c = compiled(mapFlowDocument(kind));
      expect(await run(c.workflow, c.agents, { iterated_item: ITEMS })).toMatchObject({ collected_value: ['1', '2', '3'] });
    }
    const agent = ms.writer();
    expect(await run(ms.mapByHand(agent, 2), { writer: agent }, { items: ITEMS })).toEqual({ values: ['1', '2', '3'] });
    const c = compiled(branchingChainDocument(6));
    expect(await run(c.workflow, c.agents, { text: 'the plan' })).toMatchObject({ choice: 'yes' });
    expect(await run(ms.branchingByHand(6, agent as Agent), { writer: agent }, { text: 'the plan' })).toMatchObject({ choice: 'yes' });
  });
});
