import { describe, expect, it } from 'vitest';
import { Command, MemorySaver } from '@langchain/langgraph';
import { AgentSpecLoadError, build, COMPONENT_TYPES, controlFlowEdge, deserialize, endNode, FAMILIES, startNode, UNKNOWN_KIND, type Flow } from '@agentspec/core';
import { compileLangGraph } from '../src/index.js';
import { NODE_HANDLERS } from '../src/compile/flow/nodes/index.js';
import { readNodeMetadata } from '../src/compile/metadata.js';
import { caseSpec, TOOLS, type Invoked } from './fixtures/cases.js';

describe('compileLangGraph: a Flow', () => {
  it('is a StateGraph with one node per Agent Spec node, conditional edges per branch and a FlowNode subgraph', async () => {
    const { graph, builder, warnings } = compileLangGraph(caseSpec('flows/flow-node-branch-propagation'), { tools: TOOLS });
    expect(Object.keys(builder.nodes)).toEqual(['start', 'find the capital', 'tell', 'found', 'not found']);
    expect(builder.branches['find the capital']?.condition?.ends).toEqual({ FOUND: 'tell', NOT_FOUND: 'not found' });
    expect([...builder.edges]).toEqual(expect.arrayContaining([['__start__', 'start'], ['start', 'find the capital'], ['tell', 'found'], ['found', '__end__']]));
    expect(builder.nodes['find the capital']?.subgraphs).toHaveLength(1);
    expect(readNodeMetadata(builder.nodes.tell?.metadata)?.component).toMatchObject({ component_type: 'OutputMessageNode', message: 'The capital is {{capital}}.' });
    const drawn = await graph.getGraphAsync({ xray: true });
    // the subflow's BranchingNode 'known?' is folded into the conditional edge of 'lookup' (folded-branching.ts)
    expect(Object.keys(drawn.nodes)).toEqual(expect.arrayContaining(['find the capital:lookup', 'find the capital:found']));
    expect(Object.keys(drawn.nodes)).not.toContain('find the capital:known?');
    expect(drawn.drawMermaid()).toContain('agentspec_folded = known?');
    expect(warnings.map((w) => [w.kind, w.component])).toEqual([['approximated', 'capital_report']]);

    const found = (await graph.invoke({ country: 'France' })) as Invoked;
    expect(found).toMatchObject({ capital: 'Paris', agentspec_branch: 'ok' });
    expect(found.messages.map((m) => m.content)).toEqual(['The capital is Paris.']);
    expect(await graph.invoke({ country: 'Atlantis' })).toMatchObject({ capital: 'unknown', agentspec_branch: 'not_found' });
  });

  it('keeps cycles as cycles', async () => {
    const { graph, builder } = compileLangGraph(caseSpec('flows/loop-until-condition'), { tools: TOOLS });
    expect(builder.branches['reached three?']?.condition?.ends).toEqual({ done: 'end (end)', default: 'increment' });
    expect(await graph.invoke({ n: 0 })).toMatchObject({ n: 3 });
  });

  it('pauses on interrupt() and resumes with Command({ resume })', async () => {
    expect(compileLangGraph(caseSpec('persistence/resume-at-input-message-node'), { tools: TOOLS }).warnings).toEqual([
      expect.objectContaining({ kind: 'unsupported', component: 'ask', message: expect.stringContaining('needs a checkpointer') }),
    ]);
    const { graph } = compileLangGraph(caseSpec('persistence/resume-at-input-message-node'), { tools: TOOLS, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 'a' } };
    const paused = (await graph.invoke({ place: 'Rome' }, config)) as Invoked;
    expect(paused.__interrupt__?.[0]?.value).toMatchObject({ type: 'user_input', component: 'ask', messages: [{ content: 'Welcome to Rome!' }, { content: 'What is your name?' }] });
    expect(await graph.invoke(new Command({ resume: ['Ada'] }), config)).toMatchObject({ name: 'ADA', agentspec_branch: 'next' });
  });

  it('runs MapNode iterations in input order with their reducers', async () => {
    const { graph } = compileLangGraph(caseSpec('map/nested'), { tools: TOOLS });
    expect(await graph.invoke({ rows: [[1, 2], [3], [0, 1, 2]] })).toMatchObject({ totals: [5, 9, 5] });
  });

  it('moves graph node names aside where they collide (a state key, another node, `end`)', () => {
    const { builder } = compileLangGraph(caseSpec('nodes/start-end-passthrough'));
    expect(Object.keys(builder.nodes)).toContain('end (end)');
  });

  it('has a handler for every node kind of Agent Spec 25.4.1, and one refusing unknown nodes', () => {
    const nodeTypes = [...COMPONENT_TYPES.filter((t) => FAMILIES.Node.has(t)), UNKNOWN_KIND];
    expect(Object.keys(NODE_HANDLERS).sort()).toEqual([...nodeTypes].sort());
  });
});

describe('compileLangGraph refuses, naming what', () => {
  const flow = caseSpec('flows/agent-nodes-share-conversation') as Flow;

  it('a remote agent (AS_UNSUPPORTED)', () => {
    const spec = deserialize(`
component_type: Flow
id: remote_flow
name: remote
start_node: {$component_ref: start}
nodes: [{$component_ref: start}, {$component_ref: ask}, {$component_ref: end}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: start}, to_node: {$component_ref: ask}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: ask}, to_node: {$component_ref: end}}
$referenced_components:
  start: {component_type: StartNode, id: start, name: start}
  ask:
    component_type: AgentNode
    id: ask
    name: ask
    agent: {component_type: OpenAiAgent, id: remote, name: remote, llm_config: {component_type: OpenAiConfig, id: o, name: o, model_id: gpt-4o}}
  end: {component_type: EndNode, id: end, name: end}
agentspec_version: 25.4.1
`);
    expect(() => compileLangGraph(spec)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("OpenAiAgent 'remote'") }));
  });

  it('ServerTools without an implementation (AS_MISSING_TOOL, all of them)', () => {
    expect(() => compileLangGraph(caseSpec('flows/flow-node-branch-propagation'))).toThrow(expect.objectContaining({ code: 'AS_MISSING_TOOL', message: expect.stringContaining("'lookup_capital'") }));
  });

  it('an invalid spec (every diagnostic)', () => {
    const broken = { ...flow, start_node: undefined } as unknown as Flow;
    expect(() => compileLangGraph(broken)).toThrow(AgentSpecLoadError);
  });

  it('a component that is not an Agent or a Flow', () => {
    expect(() => compileLangGraph(flow.nodes[0] as never)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED' }));
  });

  it('a flow input named like a reserved state key', () => {
    const start = startNode({ name: 'start', inputs: [{ title: 'agentspec_values', type: 'string' }] });
    const end = endNode({ name: 'finish' });
    const spec = build('Flow', { name: 'reserved', start_node: start, nodes: [start, end], control_flow_connections: [controlFlowEdge({ name: 'go', from_node: start, to_node: end })] });
    expect(() => compileLangGraph(spec)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("'agentspec_values'") }));
  });
});
