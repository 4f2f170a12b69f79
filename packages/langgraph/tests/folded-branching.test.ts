/**
 * BranchingNodes folded into the conditional edges of the nodes leading to
 * them (folded-branching.ts): no graph node of their own, the same runs and
 * span trees as the reference runtime; kept as nodes where folding could
 * change what the flow does (a loop, limits.maxSteps below the flow's steps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, type Flow } from '@agentspec/core';
import { compareTraces, referenceRuntime, TraceRecorder, type Runtime, type Trace } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { compileLangGraph, emitLangGraph, importLangGraph, langgraphRuntime } from '../src/index.js';
import { buildEmitted } from './emit-cases.js';
import { caseSpec, TOOLS } from './fixtures/cases.js';

/**
 * `pick` (right after the StartNode, on `topic`) leads to one of two LlmNodes,
 * both leading to `route` (on their `answer`): a BranchingNode with two
 * predecessors and data edges in, and one after the StartNode.
 */
const TWO_DECISIONS = `
component_type: Flow
id: decisions
name: Decisions
start_node: {$component_ref: start}
nodes:
  - {$component_ref: start}
  - {$component_ref: pick}
  - {$component_ref: ask_a}
  - {$component_ref: ask_b}
  - {$component_ref: route}
  - {$component_ref: ok}
  - {$component_ref: other}
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: start to pick, from_node: {$component_ref: start}, to_node: {$component_ref: pick}}
  - {component_type: ControlFlowEdge, id: c2, name: pick a, from_node: {$component_ref: pick}, from_branch: A, to_node: {$component_ref: ask_a}}
  - {component_type: ControlFlowEdge, id: c3, name: pick b, from_node: {$component_ref: pick}, from_branch: default, to_node: {$component_ref: ask_b}}
  - {component_type: ControlFlowEdge, id: c4, name: a to route, from_node: {$component_ref: ask_a}, to_node: {$component_ref: route}}
  - {component_type: ControlFlowEdge, id: c5, name: b to route, from_node: {$component_ref: ask_b}, to_node: {$component_ref: route}}
  - {component_type: ControlFlowEdge, id: c6, name: route yes, from_node: {$component_ref: route}, from_branch: YES, to_node: {$component_ref: ok}}
  - {component_type: ControlFlowEdge, id: c7, name: route else, from_node: {$component_ref: route}, from_branch: default, to_node: {$component_ref: other}}
data_flow_connections:
  - {component_type: DataFlowEdge, id: d1, name: topic to pick, source_node: {$component_ref: start}, source_output: topic, destination_node: {$component_ref: pick}, destination_input: topic}
  - {component_type: DataFlowEdge, id: d2, name: topic to a, source_node: {$component_ref: start}, source_output: topic, destination_node: {$component_ref: ask_a}, destination_input: topic}
  - {component_type: DataFlowEdge, id: d3, name: topic to b, source_node: {$component_ref: start}, source_output: topic, destination_node: {$component_ref: ask_b}, destination_input: topic}
  - {component_type: DataFlowEdge, id: d4, name: a answer, source_node: {$component_ref: ask_a}, source_output: answer, destination_node: {$component_ref: route}, destination_input: answer}
  - {component_type: DataFlowEdge, id: d5, name: b answer, source_node: {$component_ref: ask_b}, source_output: answer, destination_node: {$component_ref: route}, destination_input: answer}
$referenced_components:
  llm: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:1"}
  start: {component_type: StartNode, id: start, name: start, inputs: [{title: topic, type: string}]}
  pick: {component_type: BranchingNode, id: pick, name: pick, inputs: [{title: topic, type: string}], mapping: {a: A}}
  ask_a:
    {component_type: LlmNode, id: ask_a, name: ask a, llm_config: {$component_ref: llm}, prompt_template: "A: {{topic}}?",
     inputs: [{title: topic, type: string}], outputs: [{title: answer, type: string}]}
  ask_b:
    {component_type: LlmNode, id: ask_b, name: ask b, llm_config: {$component_ref: llm}, prompt_template: "B: {{topic}}?",
     inputs: [{title: topic, type: string}], outputs: [{title: answer, type: string}]}
  route: {component_type: BranchingNode, id: route, name: route, inputs: [{title: answer, type: string}], mapping: {yes: YES}}
  ok: {component_type: EndNode, id: ok, name: ok, branch_name: ok}
  other: {component_type: EndNode, id: other, name: other, branch_name: other}
agentspec_version: 25.4.1
`;

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: [
    { match: { lastUserMessage: { contains: 'A: ' } }, answer: { text: 'yes' } },
    { match: { lastUserMessage: { contains: 'B: ' } }, answer: { text: 'maybe' } },
  ] });
});
afterAll(() => llm.close());

describe('compileLangGraph: a BranchingNode folded into the edges leading to it', () => {
  it('has no graph node: the nodes before it route through it, their metadata holds it', async () => {
    const { graph, builder } = compileLangGraph(deserialize(TWO_DECISIONS), { llm: { override: { url: llm.url } } });
    expect(Object.keys(builder.nodes)).toEqual(['start', 'ask a', 'ask b', 'ok', 'other']);
    expect(builder.branches.start?.condition?.ends).toEqual({ 'ask a': 'ask a', 'ask b': 'ask b' });
    expect(builder.branches['ask a']?.condition?.ends).toEqual({ ok: 'ok', other: 'other' });
    expect(builder.branches['ask b']?.condition?.ends).toEqual({ ok: 'ok', other: 'other' });
    expect(builder.nodes['ask a']?.metadata).toMatchObject({ agentspec_folded: 'route', agentspec: { folded: [{ name: 'route', at: 4, component: { component_type: 'BranchingNode', id: 'route' } }] } });
    expect((await graph.getGraphAsync()).drawMermaid()).toContain('agentspec_folded = route');
    // the spec comes back from the graph as it was
    const { component } = await importLangGraph(graph);
    const flow = component as Flow;
    expect(flow.nodes.map((n) => n.id)).toEqual(['start', 'pick', 'ask_a', 'ask_b', 'route', 'ok', 'other']);
    expect(flow.control_flow_connections.map((e) => [e.from_node.id, e.from_branch ?? null, e.to_node.id]).sort()).toEqual([
      ['ask_a', null, 'route'], ['ask_b', null, 'route'], ['pick', 'A', 'ask_a'], ['pick', 'default', 'ask_b'], ['route', 'YES', 'ok'], ['route', 'default', 'other'], ['start', null, 'pick'],
    ]);
  });

  it('routes, and emits its node span, as the reference runtime does (a mapped value, an unknown one to default)', async () => {
    const runOn = async (runtime: Runtime, topic: string) => {
      llm.clear();
      const spec = deserialize(TWO_DECISIONS);
      const app = await runtime.load(spec, { llm: { override: { url: llm.url } } });
      const recorder = new TraceRecorder({ spec, runtime: runtime.name });
      const status = await recorder.run(app.start({ inputs: { topic } }));
      await app.close();
      return { status: status.type, branch: status.type === 'finished' ? status.branch : undefined, calls: llm.requests.length, trace: recorder.finish() as Trace };
    };
    for (const [topic, branch] of [['a', 'ok'], ['z', 'other']] as const) {
      const reference = await runOn(referenceRuntime(), topic);
      const langgraph = await runOn(langgraphRuntime(), topic);
      expect({ ...langgraph, trace: undefined }).toEqual({ status: 'finished', branch, calls: 1, trace: undefined });
      expect({ ...reference, trace: undefined }).toEqual({ ...langgraph, trace: undefined });
      expect(compareTraces([reference.trace, langgraph.trace]).differences).toEqual([]);
      const nodes = langgraph.trace.spans.filter((s) => s.kind === 'NodeExecutionSpan').map((s) => s.name);
      expect(nodes).toEqual(['start', 'pick', topic === 'a' ? 'ask a' : 'ask b', 'route', branch]);
    }
  });

  it('runs the same without events (no span built, node-action.ts) as with them: node updates, final state, prompts', async () => {
    const { graph } = compileLangGraph(deserialize(TWO_DECISIONS), { llm: { override: { url: llm.url } } });
    const run = async (topic: string, events: boolean) => {
      llm.clear();
      const updates: unknown[] = [];
      const spans: string[] = [];
      let state: unknown;
      const stream = await graph.stream({ topic } as never, { configurable: { agentspec_events: events }, streamMode: ['updates', 'values', 'custom'] });
      for await (const chunk of stream) {
        const [mode, payload] = chunk as unknown as [string, Record<string, unknown>];
        if (mode === 'updates') updates.push(payload);
        else if (mode === 'values') state = payload;
        else if (payload.type === 'NodeExecutionStart') spans.push(payload.name as string);
      }
      return { updates, state, prompts: llm.requests.map((r) => r.messages), spans };
    };
    for (const [topic, branch] of [['a', 'ok'], ['z', 'other']] as const) {
      const plain = await run(topic, false);
      const traced = await run(topic, true);
      expect(plain.state).toMatchObject({ agentspec_branch: branch });
      expect({ ...plain, spans: undefined }).toEqual({ ...traced, spans: undefined });
      expect(plain.spans).toEqual([]);
      expect(traced.spans).toEqual(['start', 'pick', topic === 'a' ? 'ask a' : 'ask b', 'route', branch]);
    }
  });

  it('folds a chain of BranchingNodes into the StartNode\'s edge (flows/branching-chain-nested)', async () => {
    const { graph, builder } = compileLangGraph(caseSpec('flows/branching-chain-nested'), { tools: TOOLS });
    expect(Object.keys(builder.nodes)).toEqual(['start', 'done', 'stopped']);
    expect(builder.nodes.start?.metadata).toMatchObject({ agentspec_folded: 'check 1, check 2, check 3, check 4, check 5, check 6' });
    expect(await graph.invoke({ answer: 'go' })).toMatchObject({ agentspec_branch: 'done' });
    expect(await graph.invoke({ answer: 'stop' })).toMatchObject({ agentspec_branch: 'stopped' });
  });

  it('stays a node in a loop, and where limits.maxSteps is below the steps the flow can take (the limit is reached as before)', async () => {
    expect(Object.keys(compileLangGraph(caseSpec('faults/max-steps'), { tools: TOOLS }).builder.nodes)).toContain('negative?');
    // start, six checks, done: 8 steps
    const spec = caseSpec('flows/branching-chain-nested');
    expect(Object.keys(compileLangGraph(spec, { limits: { maxSteps: 9 } }).builder.nodes)).not.toContain('check 1');
    const limited = compileLangGraph(spec, { limits: { maxSteps: 7 } });
    expect(Object.keys(limited.builder.nodes)).toContain('check 1');
    await expect(limited.graph.invoke({ answer: 'go' })).rejects.toMatchObject({ name: 'GraphRecursionError' });
    expect(await limited.graph.invoke({ answer: 'stop' })).toMatchObject({ agentspec_branch: 'stopped' });
  });

  it('is folded by the edges of emitted modules too (flowNodes.route), its node kept for a lower limits.maxSteps', async () => {
    const { code } = emitLangGraph(deserialize(TWO_DECISIONS));
    expect(code).toContain(".addConditionalEdges('ask a', flowNodes.route(");
    expect(code).toContain(".addNode('route', flowNodes.step(");
    // the chain of checks: routed through by default, run as nodes (reaching the limit as before) with limits.maxSteps 7
    const spec = caseSpec('flows/branching-chain-nested');
    const invoker = async (limits?: { maxSteps: number }) =>
      (await buildEmitted(spec, { checkpointer: false, ...(limits ? { limits } : {}) })).graph as unknown as { invoke(input: unknown): Promise<unknown> };
    expect(await (await invoker()).invoke({ answer: 'go' })).toMatchObject({ agentspec_branch: 'done' });
    const limited = await invoker({ maxSteps: 7 });
    await expect(limited.invoke({ answer: 'go' })).rejects.toMatchObject({ name: 'GraphRecursionError' });
    expect(await limited.invoke({ answer: 'stop' })).toMatchObject({ agentspec_branch: 'stopped' });
  });
});
