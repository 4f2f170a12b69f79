import { describe, expect, it } from 'vitest';
import { Annotation, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { ChatOpenAI } from '@langchain/openai';
import { SystemMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent, createMiddleware } from 'langchain';
import { z } from 'zod';
import type { Agent, BranchingNode, Flow, FlowNode, ToolNode } from '@agentspec/core';
import { referenceRuntime } from '@agentspec/runtime';
import { importLangGraph } from '../src/index.js';

const weather = tool(async ({ city }: { city: string }) => `sunny in ${city}`, {
  name: 'get_weather',
  description: 'Weather in a city',
  schema: z.object({ city: z.string().describe('City name'), days: z.number().int().optional() }),
});
const model = () => new ChatOpenAI({ model: 'llama-3.1', apiKey: 'x', configuration: { baseURL: 'http://10.1.2.3:8000/v1' }, temperature: 0.2, maxTokens: 128 });

describe('importLangGraph: a StateGraph → a Flow', () => {
  it('nodes → ToolNodes, a path map → router (named after its function) + BranchingNode, a subgraph → FlowNode, state → inputs/outputs with JSON Schemas', async () => {
    // the graph of examples/export-langgraph: hand-written, with LangGraph's own API
    const { graph: triage } = (await import(/* @vite-ignore */ new URL('../../../examples/export-langgraph/graph.mjs', import.meta.url).href)) as { graph: unknown };
    const { component, warnings, tools } = await importLangGraph(triage);
    const flow = component as Flow;
    expect(warnings).toEqual([]);
    expect(flow.name).toBe('Support triage');
    expect(flow.data_flow_connections).toBeNull();
    expect(flow.inputs?.[0]).toEqual({ title: 'ticket', type: 'string', description: 'What the customer wrote' });
    expect(flow.inputs?.[1]).toMatchObject({ title: 'category', enum: ['billing', 'technical'], default: null });
    const classify = flow.nodes.find((n) => n.name === 'classify') as ToolNode;
    expect(classify.tool).toMatchObject({ component_type: 'ServerTool', name: 'classify' });
    expect((flow.nodes.find((n) => n.name === 'classify branch') as BranchingNode).mapping).toEqual({ billing: 'billing', technical: 'technical' });
    expect((flow.nodes.find((n) => n.name === 'signature') as FlowNode).subflow.name).toBe('Signature');
    expect(Object.keys(tools).sort()).toEqual(['billing', 'classify', 'routeByCategory', 'sign', 'technical']);
    expect((flow.nodes.find((n) => n.name === 'classify router') as ToolNode).tool.name).toBe('routeByCategory');

    const app = await referenceRuntime().load(flow, { tools });
    expect(await app.start({ inputs: { ticket: 'Refund my invoice' } }).run()).toMatchObject({ type: 'finished', outputs: { category: 'billing', priority: 2 } });
    await app.close();
  });

  it('names what it cannot represent', async () => {
    const State = Annotation.Root({
      items: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
      done: Annotation<boolean>(),
    });
    const g = new StateGraph(State)
      .addNode('a', () => ({ items: ['a'] }))
      .addNode('b', () => ({ items: ['b'] }))
      .addNode('c', () => ({ done: true }))
      .addNode('d', () => ({ done: true }))
      .addEdge(START, 'a')
      .addEdge('a', 'b').addEdge('a', 'c')
      .addEdge('b', END)
      .addConditionalEdges('c', (s) => (s.done ? END : 'a'))
      .addEdge(['b', 'c'], 'd')
      .addEdge('d', END)
      .compile();
    const { warnings } = await importLangGraph(g, { name: 'Parallel' });
    expect(warnings.map((w) => [w.code, w.kind, w.component])).toEqual([
      ['LG_ROUTER_TARGETS_INFERRED', 'approximated', 'c'],
      ['LG_PARALLEL_DROPPED', 'unsupported', 'a'],
      ['LG_WAITING_EDGE_DROPPED', 'unsupported', 'd'],
    ]);
    expect(warnings[0]?.message).toContain("is read to go to 'a', END");
    expect(warnings[1]?.message).toContain("only the edge to 'b' is kept");
    expect(warnings[2]?.message).toContain('waits for several nodes');
  });

  it('keeps its warnings when what it made is not a valid spec', async () => {
    // a state key named '' is no property name; the messages key is renamed (a warning)
    const State = Annotation.Root({ '': Annotation<number>(), ...MessagesAnnotation.spec });
    const g = new StateGraph(State).addNode('a', () => ({})).addEdge(START, 'a');
    const error = await importLangGraph(g).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AS_INVALID_PROPERTY', warnings: [expect.objectContaining({ code: 'LG_STATE_KEY_RENAMED' })] });
  });

  it('refuses what is not a graph', async () => {
    await expect(importLangGraph({ invoke: () => 1 })).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
  });
});

describe('importLangGraph: a prebuilt agent → an Agent', () => {
  it('createReactAgent: model config, system prompt and tools with JSON Schemas (read without calling the model)', async () => {
    const { component, warnings } = await importLangGraph(createReactAgent({ llm: model(), tools: [weather], prompt: 'You report the weather.', name: 'weather_bot' }));
    const agent = component as Agent;
    expect(warnings).toEqual([]);
    expect(agent).toMatchObject({ component_type: 'Agent', name: 'weather_bot', system_prompt: 'You report the weather.' });
    expect(agent.llm_config).toMatchObject({
      component_type: 'OpenAiCompatibleConfig', model_id: 'llama-3.1', url: 'http://10.1.2.3:8000/v1',
      default_generation_parameters: { temperature: 0.2, max_tokens: 128 },
    });
    expect(agent.tools[0]).toMatchObject({
      component_type: 'ServerTool', name: 'get_weather', description: 'Weather in a city',
      inputs: [{ title: 'city', type: 'string', description: 'City name' }, { title: 'days', type: 'integer', default: null }],
    });
  });

  it('createReactAgent over a ChatOpenAI with useResponsesApi: its config says api_type responses (and only then)', async () => {
    const responses = new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'x', useResponsesApi: true });
    const { component } = await importLangGraph(createReactAgent({ llm: responses, tools: [weather], prompt: 'You report the weather.', name: 'weather_bot' }));
    expect((component as Agent).llm_config).toMatchObject({ component_type: 'OpenAiConfig', model_id: 'gpt-4.1', api_type: 'responses' });
    const chat = await importLangGraph(createReactAgent({ llm: model(), tools: [weather], prompt: 'You report the weather.', name: 'weather_bot' }));
    expect((chat.component as Agent).llm_config).not.toHaveProperty('api_type');
  });

  it('createReactAgent with provider tools (the LangChain docs\' `{ type: \'web_search\' }`): a BuiltinTool; one no BuiltinTool names, a warning', async () => {
    const responses = new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'x', useResponsesApi: true });
    const tools = [weather, { type: 'web_search', search_context_size: 'low' }, { type: 'web_search_preview' }];
    const { component, warnings } = await importLangGraph(createReactAgent({ llm: responses, tools, prompt: 'You look things up.', name: 'researcher' }));
    const agent = component as Agent;
    expect(agent.tools.map((t) => [t.component_type, t.name])).toEqual([['ServerTool', 'get_weather'], ['BuiltinTool', 'web_search']]);
    expect(agent.tools[1]).toMatchObject({ tool_type: 'web_search', configuration: { search_context_size: 'low' } });
    expect(warnings).toEqual([expect.objectContaining({ code: 'LG_HOSTED_TOOL', kind: 'unsupported', component: 'researcher', message: expect.stringContaining("{ type: 'web_search_preview' }") })]);
  });

  it('createAgent with the same provider tools among its tools: the same BuiltinTool and warning', async () => {
    const responses = new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'x', useResponsesApi: true });
    const { component, warnings } = await importLangGraph(createAgent({ model: responses, tools: [weather, { type: 'web_search' }, { type: 'web_search_preview' }], systemPrompt: 'You look things up.', name: 'researcher' }));
    expect((component as Agent).tools.map((t) => [t.component_type, t.name])).toEqual([['ServerTool', 'get_weather'], ['BuiltinTool', 'web_search']]);
    expect(warnings.map((w) => w.code)).toEqual(['LG_HOSTED_TOOL']);
  });

  it('createReactAgent with a callable prompt: a warning naming it', async () => {
    const prompt = (state: { messages: unknown[] }) => [new SystemMessage(`You have seen ${state.messages.length} messages.`), ...(state.messages as never[])];
    const { warnings } = await importLangGraph(createReactAgent({ llm: model(), tools: [], prompt, name: 'counter' }));
    expect(warnings).toEqual([expect.objectContaining({ code: 'LG_DYNAMIC_PROMPT', kind: 'unsupported', component: 'counter', message: expect.stringContaining('prompt') })]);
  });

  it('createAgent: its options, middleware named in a warning', async () => {
    const logger = createMiddleware({ name: 'Logger', beforeModel: () => undefined });
    const agent = createAgent({ model: model(), tools: [weather], systemPrompt: 'Be brief.', name: 'brief', middleware: [logger] });
    const { component, warnings, tools } = await importLangGraph(agent);
    expect(component).toMatchObject({ component_type: 'Agent', name: 'brief', system_prompt: 'Be brief.', llm_config: { model_id: 'llama-3.1' } });
    expect(warnings).toEqual([expect.objectContaining({ code: 'LG_MIDDLEWARE', kind: 'unsupported', component: 'Logger' })]);
    expect(await tools.get_weather?.({ city: 'Oslo' })).toBe('sunny in Oslo');
  });
});
