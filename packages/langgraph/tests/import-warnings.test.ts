/**
 * Every warning code of importLangGraph, given by a real program (the table
 * is typed by the code list, so a new code does not compile without one),
 * and the constructs behind the approximations run on the reference runtime
 * with the same result as LangGraph's.
 */
import { describe, expect, it } from 'vitest';
import { Annotation, Command, MemorySaver, MessagesAnnotation, Send, START, StateGraph } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent, createMiddleware } from 'langchain';
import { z } from 'zod';
import { deserialize, type BranchingNode, type Flow } from '@agentspec/core';
import { referenceRuntime } from '@agentspec/runtime';
import { compileLangGraph, IMPORT_WARNING_CODES, importLangGraph, type ImportWarningCode } from '../src/index.js';
import { CORPUS, corpusCase } from './fixtures/corpus-harness.js';

process.env.OPENAI_API_KEY ??= 'not-used';
const model = () => new ChatOpenAI({ model: 'gpt-4o-mini', apiKey: 'x', configuration: { baseURL: 'http://127.0.0.1:9/v1' } });
const echo = tool(async ({ text }: { text: string }) => text, { name: 'echo', description: 'Echo', schema: z.object({ text: z.string() }) });
const State = Annotation.Root({ n: Annotation<number>, path: Annotation<string> });

async function corpus(name: string): Promise<unknown> {
  const mod = (await import(/* @vite-ignore */ new URL(`${name}/program.ts`, CORPUS).href)) as Record<string, unknown>;
  return mod[corpusCase(name).export ?? 'graph'];
}

/** A graph where a router names no node: it may go anywhere. */
function opaqueRouter() {
  const pick = (s: typeof State.State) => s.path;
  return new StateGraph(State)
    .addNode('a', () => ({ n: 1 }))
    .addNode('b', (s: typeof State.State) => ({ n: s.n + 10 }))
    .addEdge(START, 'a')
    .addConditionalEdges('a', pick)
    .compile();
}

/** A node routing with Command; without `ends` LangGraph does not compile it (the importer takes the builder). */
function commandGraph(ends?: string[]) {
  return new StateGraph(State)
    .addNode('a', (s: typeof State.State) => new Command({ update: { n: 1 }, goto: s.path === 'left' ? 'left' : 'right' }), ends ? { ends } : {})
    .addNode('left', (s: typeof State.State) => ({ path: `left after ${s.n}` }))
    .addNode('right', (s: typeof State.State) => ({ path: `right after ${s.n}` }))
    .addEdge(START, 'a');
}

/** A handoff tool going to `goto` in the parent graph (the LangGraph guides' way), named as given. */
const handoff = (name: string, goto: () => string) => tool(async () => new Command({ goto: goto(), graph: Command.PARENT }), { name, description: 'Hand over.', schema: z.object({}) });

/** A swarm of prebuilt agents a, b (and c when asked): a hands off to b, b with `bTool` (default: back to a). */
function swarm(options: { bTool?: ReturnType<typeof handoff>; withC?: boolean; state?: typeof MessagesAnnotation } = {}) {
  const a = createReactAgent({ llm: model(), tools: [handoff('transfer_to_b', () => 'b')], prompt: 'You are a.' });
  const b = createReactAgent({ llm: model(), tools: [options.bTool ?? handoff('transfer_to_a', () => 'a')], prompt: 'You are b.' });
  const g = new StateGraph(options.state ?? MessagesAnnotation).addNode('a', a, { ends: ['b'] }).addNode('b', b, { ends: ['a'] });
  g.addEdge(START, 'a');
  // an agent no one hands off to: LangGraph does not compile such a graph, the importer takes its builder
  if (options.withC) return g.addNode('c', createReactAgent({ llm: model(), tools: [echo], prompt: 'You are c.' }));
  return g.compile();
}

const Log = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => [...new Set([...a, ...b])], default: () => [] }) });

const PROGRAMS: Record<ImportWarningCode, () => unknown> = {
  LG_ROUTER_TARGETS_INFERRED: () => corpus('react-agent'),
  LG_ROUTER_TARGETS_UNKNOWN: opaqueRouter,
  LG_COMMAND_TARGETS_INFERRED: () => commandGraph(),
  LG_COMMAND_PARENT: () => new StateGraph(State).addNode('a', () => new Command({ goto: 'elsewhere', graph: Command.PARENT })).addEdge(START, 'a').compile(),
  LG_SEND_SEQUENTIAL: () => corpus('map-reduce'),
  LG_SEND_TARGET_UNKNOWN: () => {
    const target = 'b';
    return new StateGraph(State).addNode('a', () => ({})).addNode('b', () => ({})).addEdge(START, 'a')
      .addConditionalEdges('a', () => [new Send(target, {})]).compile();
  },
  LG_PARALLEL_SEQUENTIAL: () => corpus('fan-out'),
  LG_PARALLEL_DROPPED: () => new StateGraph(State).addNode('a', () => ({})).addNode('b', () => ({})).addNode('c', () => ({}))
    .addEdge(START, 'a').addEdge('a', 'b').addEdge('a', 'c').addEdge('c', 'b').compile(),
  LG_WAITING_EDGE_DROPPED: () => new StateGraph(State).addNode('a', () => ({})).addNode('b', () => ({})).addNode('c', () => ({}))
    .addEdge(START, 'a').addEdge('a', 'b').addEdge('b', 'c').addEdge(['a', 'b'], 'c').compile(),
  LG_PARALLEL_CONDITIONAL: () => new StateGraph(State).addNode('a', () => ({})).addNode('b', () => ({})).addNode('c', () => ({}))
    .addEdge(START, 'a').addEdge('a', 'b').addConditionalEdges('a', () => 'c', ['c']).compile(),
  LG_INTERRUPT: () => corpus('human-feedback'),
  LG_BREAKPOINT: () => new StateGraph(State).addNode('a', () => ({ n: 1 })).addNode('b', (s: typeof State.State) => ({ n: s.n + 1 }))
    .addEdge(START, 'a').addEdge('a', 'b').compile({ checkpointer: new MemorySaver(), interruptBefore: ['b'] }),
  LG_NODE_OPTION: () => new StateGraph(State).addNode('a', () => ({ n: 1 }), { cachePolicy: { ttl: 60 } }).addEdge(START, 'a').compile(),
  LG_CUSTOM_REDUCER: () => new StateGraph(Log).addNode('a', () => ({ log: ['x', 'y'] })).addNode('b', () => ({ log: ['y', 'z'] }))
    .addEdge(START, 'a').addEdge('a', 'b').compile(),
  LG_STATE_KEY_RENAMED: () => corpus('react-agent'),
  LG_SUBGRAPH_IN_FUNCTION: () => {
    const inner = new StateGraph(State).addNode('x', () => ({ n: 5 })).addEdge(START, 'x').compile();
    return new StateGraph(State).addNode('a', async (s: typeof State.State) => ({ n: (await inner.invoke(s)).n }), { subgraphs: [inner] }).addEdge(START, 'a').compile();
  },
  LG_RETURN_DIRECT: () => corpus('prebuilt-return-direct'),
  LG_INTERRUPT_BEFORE_TOOLS: () => corpus('prebuilt-interrupt-before'),
  LG_AGENT_INTERRUPT: () => createReactAgent({ llm: model(), tools: [echo], interruptAfter: ['tools'], checkpointSaver: new MemorySaver() }),
  LG_AGENT_HOOK: () => createReactAgent({ llm: model(), tools: [echo], preModelHook: () => ({}) }),
  LG_HUMAN_IN_THE_LOOP: () => corpus('create-agent-hitl'),
  LG_MIDDLEWARE: () => createAgent({ model: model(), tools: [echo], middleware: [createMiddleware({ name: 'Logger', beforeModel: () => undefined })] }),
  LG_RESPONSE_FORMAT: () => createAgent({ model: model(), tools: [], responseFormat: z.object({ answer: z.string() }) }),
  LG_DYNAMIC_PROMPT: () => createReactAgent({ llm: model(), tools: [], prompt: (s: { messages: unknown[] }) => [{ role: 'system', content: `${s.messages.length} so far` }, ...(s.messages as never[])] }),
  LG_MODEL_UNREAD: () => createReactAgent({ llm: model(), tools: [], prompt: () => { throw new Error('no prompt today'); } }),
  LG_MODEL_PROVIDER: () => createAgent({ model: 'anthropic:claude-sonnet-4-5', tools: [] }),
  LG_HOSTED_TOOL: () => createAgent({ model: model(), tools: [{ type: 'web_search_preview' }] }),
  LG_TOOL_SCHEMA: () => createAgent({ model: model(), tools: [tool(async () => 'ok', { name: 'odd', description: 'Odd schema', schema: z.object({ when: z.date() }) })] }),
  LG_HANDOFF_TOOL: () => corpus('swarm-network'),
  LG_HANDOFF_TARGET_UNKNOWN: () => swarm({ bTool: handoff('escalate', () => ['a', 'c'].join('').slice(0, 1)) }),
  LG_SWARM_ENTRY: () => corpus('swarm-network'),
  LG_AGENT_UNREACHABLE: () => swarm({ withC: true }),
  LG_SUPERVISOR_HANDOFF: () => corpus('supervisor'),
  LG_GROUP_STATE: () => swarm({ state: Annotation.Root({ ...MessagesAnnotation.spec, mood: Annotation<string> }) as unknown as typeof MessagesAnnotation }),
  LG_FOREIGN_NODE: () => {
    const spec = deserialize(`component_type: Flow
id: f
name: f
start_node: {$component_ref: s}
nodes: [{$component_ref: s}, {$component_ref: e}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c, name: c, from_node: {$component_ref: s}, to_node: {$component_ref: e}}
$referenced_components:
  s: {component_type: StartNode, id: s, name: s}
  e: {component_type: EndNode, id: e, name: e}
agentspec_version: 25.4.1
`);
    const { builder } = compileLangGraph(spec);
    return (builder as unknown as { addNode(n: string, f: () => object): unknown }).addNode('added', () => ({})) && builder;
  },
};

describe('every warning code, from a real program', () => {
  it.each(Object.keys(IMPORT_WARNING_CODES) as ImportWarningCode[])('%s', async (code) => {
    const { warnings } = await importLangGraph(await PROGRAMS[code]());
    const w = warnings.find((x) => x.code === code);
    expect(w, warnings.map((x) => x.code).join(', ')).toBeDefined();
    expect(w?.kind).toBe(IMPORT_WARNING_CODES[code].kind);
  });
});

describe('what the approximations do', () => {
  it('a router that names no node: a branch to every node and the end; it runs', async () => {
    const graph = opaqueRouter();
    const { component, tools } = await importLangGraph(graph);
    const branching = (component as Flow).nodes.find((n) => n.component_type === 'BranchingNode') as BranchingNode;
    expect(Object.keys(branching.mapping).sort()).toEqual(['__end__', 'a', 'b']);
    expect(Object.keys(tools)).toContain('pick');
    const app = await referenceRuntime().load(component, { tools });
    for (const path of ['b', '__end__']) {
      const status = await app.start({ inputs: { path } }).run();
      expect(status).toMatchObject({ type: 'finished', outputs: await graph.invoke({ path }) });
    }
    await app.close();
  });

  it('a Command without ends goes where its source says', async () => {
    const { component, tools, warnings } = await importLangGraph(commandGraph());
    expect(warnings[0]?.message).toContain("'left', 'right'");
    const graph = commandGraph(['left', 'right']).compile();
    const app = await referenceRuntime().load(component, { tools });
    for (const path of ['left', 'right']) {
      const status = await app.start({ inputs: { path } }).run();
      expect(status.type === 'finished' && status.outputs).toEqual(await graph.invoke({ path }));
    }
    await app.close();
  });

  it('a custom reducer is applied by the tools', async () => {
    const graph = PROGRAMS.LG_CUSTOM_REDUCER() as ReturnType<typeof opaqueRouter>;
    const { component, tools } = await importLangGraph(graph);
    const app = await referenceRuntime().load(component, { tools });
    const status = await app.start({ inputs: {} }).run();
    expect(status).toMatchObject({ type: 'finished', outputs: { log: ['x', 'y', 'z'] } });
    expect(await graph.invoke({})).toEqual({ log: ['x', 'y', 'z'] });
    await app.close();
  });

  it("a node's retry policy is applied by its tool; the guides' reducers need no warning", async () => {
    let calls = 0;
    const Lists = Annotation.Root({
      n: Annotation<number>,
      seen: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }),
      last: Annotation<string>({ reducer: (x: string, y: string) => y ?? x }),
      steps: Annotation<string[], string>({ reducer: (a: string[], b: string) => [...a, b], default: () => [] }),
    });
    const flaky = () => {
      calls += 1;
      if (calls === 1) throw new Error('fails once');
      return { n: calls, seen: ['flaky'], last: 'flaky', steps: 'flaky' };
    };
    const graph = new StateGraph(Lists).addNode('flaky', flaky, { retryPolicy: { maxAttempts: 3, initialInterval: 1, jitter: false, retryOn: () => true } }).addEdge(START, 'flaky').compile();
    const { component, tools, warnings } = await importLangGraph(graph);
    expect(warnings).toEqual([]);
    const app = await referenceRuntime().load(component, { tools });
    expect(await app.start({ inputs: {} }).run()).toMatchObject({ type: 'finished', outputs: { n: 2, seen: ['flaky'], last: 'flaky', steps: ['flaky'] } });
    await app.close();
  });

  it('a breakpoint pauses the flow where LangGraph pauses', async () => {
    const graph = PROGRAMS.LG_BREAKPOINT() as ReturnType<typeof opaqueRouter>;
    const { component, tools } = await importLangGraph(graph);
    const app = await referenceRuntime().load(component, { tools });
    const session = app.start({ inputs: {} });
    expect((await session.run()).type).toBe('user_input');
    session.appendUserMessage('go on');
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { n: 2 } });
    const config = { configurable: { thread_id: 'b' } };
    await graph.invoke({}, config);
    expect(await graph.invoke(null, config)).toEqual({ n: 2 });
    await app.close();
  });

  it('a state key named messages is the variable conversation', async () => {
    const { component } = await importLangGraph(await corpus('react-agent'));
    expect((component as Flow).inputs?.map((p) => p.title)).toEqual(['conversation']);
    expect((component as Flow).inputs?.[0]).toMatchObject({ type: 'array', default: [] });
  });
});


