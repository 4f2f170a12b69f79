// LangGraph: compiled ÷ by hand per shape of program (DESIGN §10, target ≤ 1.25×),
// each written by hand the way LangGraph's docs write it, both run in this
// process on the same instant chat model (langgraph.ts's InstantChatModel):
// - map: a MapNode and a ParallelMapNode over BENCH_ITEMS items (50; 20 quick)
//   with an LlmNode in the subflow (parallel-map.ts's flow), against the
//   map-reduce of LangGraph's how-to — a conditional edge returning a `Send`
//   per item to a node that calls the model, a reducer on the state key;
// - branching: BENCH_DECISIONS (20) LlmNode + BranchingNode decisions in a
//   chain (branching-flow.ts), against a StateGraph of model nodes routed by
//   `addConditionalEdges`;
// - agent loop: one session at a time of the concurrency benchmark's agent
//   (a ServerTool call, then submit_result) on langgraphRuntime, against the
//   same agent by hand (by-hand-agents.ts), on the scripted LLM server in a
//   process of its own.
// Run: node --expose-gc dist/langgraph-shapes.js [--quick]
import { pathToFileURL } from 'node:url';
import { HumanMessage } from '@langchain/core/messages';
import { Annotation, END, Send, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { deserialize } from '@agentspec/core';
import { compileLangGraph } from '@agentspec/langgraph';
import { branchingChainDocument } from './branching-flow.js';
import { startLlmProcess, subjectOf, type Subject } from './concurrency.js';
import { InstantChatModel } from './langgraph.js';
import { fastestInterleavedAsync } from './measure.js';
import { mapFlowDocument } from './map-flow.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

const textOf = (content: unknown): string => (typeof content === 'string' ? content : '');

/** The map by hand: LangGraph's map-reduce (a `Send` per item from a conditional edge, a reducer gathering the answers). */
export function mapByHand(model: BaseChatModel) {
  const State = Annotation.Root({
    items: Annotation<string[]>(),
    answers: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  });
  const rewrite = async (state: { item: string }, config: LangGraphRunnableConfig) =>
    ({ answers: [textOf((await model.invoke([new HumanMessage(`Rewrite: ${state.item}`)], config)).content)] });
  return new StateGraph(State)
    .addNode('rewrite', rewrite)
    .addConditionalEdges(START, (state: typeof State.State) => state.items.map((item) => new Send('rewrite', { item })), ['rewrite'])
    .addEdge('rewrite', END)
    .compile();
}

/**
 * The map by hand with a subgraph per item (LangGraph's "Send to a subgraph"):
 * each `Send` runs a compiled one-node subgraph that calls the model, as the
 * compiled MapNode runs its subflow's graph per iteration. Reported, for scale.
 */
export function mapBySubgraph(model: BaseChatModel) {
  const Answers = { answers: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) };
  const Item = Annotation.Root({ item: Annotation<string>(), ...Answers });
  const perItem = new StateGraph(Item)
    .addNode('rewrite', async (state: typeof Item.State, config: LangGraphRunnableConfig) =>
      ({ answers: [textOf((await model.invoke([new HumanMessage(`Rewrite: ${state.item}`)], config)).content)] }))
    .addEdge(START, 'rewrite')
    .addEdge('rewrite', END)
    .compile();
  const State = Annotation.Root({ items: Annotation<string[]>(), ...Answers });
  return new StateGraph(State)
    .addNode('each', perItem)
    .addConditionalEdges(START, (state: typeof State.State) => state.items.map((item) => new Send('each', { item })), ['each'])
    .addEdge('each', END)
    .compile();
}

/** The decisions by hand: a model node per decision, `addConditionalEdges` on its answer to the next one or to `rejected`. */
export function branchingByHand(n: number, model: BaseChatModel) {
  const State = Annotation.Root({ text: Annotation<string>(), choice: Annotation<string>() });
  const builder = new StateGraph(State).addNode('rejected', () => ({ choice: 'no' }));
  const names = Array.from({ length: n }, (_, i) => `decide_${i + 1}`);
  for (const name of names) {
    builder.addNode(name, async (state: typeof State.State, config: LangGraphRunnableConfig) =>
      ({ choice: textOf((await model.invoke([new HumanMessage(`Decide about ${state.text}: yes`)], config)).content) }));
  }
  const b = builder as unknown as {
    addEdge(a: string, b: string): unknown;
    addConditionalEdges(from: string, route: (s: typeof State.State) => string, to: string[]): unknown;
    compile(): { withConfig(c: unknown): { invoke(input: unknown): Promise<{ choice: string }> } };
  };
  b.addEdge(START, names[0]!);
  names.forEach((name, i) => {
    const next = names[i + 1] ?? END;
    b.addConditionalEdges(name, (state) => (state.choice === 'yes' ? next : 'rejected'), [next, 'rejected']);
  });
  b.addEdge('rejected', END);
  return b.compile().withConfig({ recursionLimit: n + 10 });
}

interface Pair {
  readonly compiled: number;
  readonly hand: number;
}

/**
 * Fastest of each, sampled in turn (measure.ts, Sampling): at least
 * min(5, runs) rounds, at most 3 × runs, stopping once both minimums settle,
 * after `warmups` calls of each (3; 2 after the call of each that checked their answers agree).
 */
export async function pair(compiled: () => Promise<unknown>, hand: () => Promise<unknown>, runs: number, warmups = 3): Promise<Pair> {
  return fastestInterleavedAsync({ compiled, hand }, { min: Math.min(5, runs), max: 3 * runs, warmups });
}

export function same(what: string, a: unknown, b: unknown): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: compiled and by hand disagree: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

export interface ShapeResult extends Pair {
  readonly shape: string;
  readonly floor: string;
  readonly unit: number;
  readonly per: string;
  /** The subject's name when it is not the compiled program itself. */
  readonly subject?: string;
  /** A ratio for scale, without a target. */
  readonly reported?: boolean;
}

export async function measureMap(kind: 'MapNode' | 'ParallelMapNode', items: number, runs: number): Promise<ShapeResult> {
  const model = new InstantChatModel({});
  const { graph } = compileLangGraph(deserialize(mapFlowDocument(kind)), { chatModel: () => model, limits: { parallelism: 16, maxSteps: 100 * items } });
  const byHand = mapByHand(model);
  const input = Array.from({ length: items }, (_, i) => `item ${i}`);
  const compiled = async () => ((await graph.invoke({ iterated_item: input }, { recursionLimit: 100 * items })) as { collected_value: string[] }).collected_value;
  const hand = async () => (await byHand.invoke({ items: input })).answers;
  same(`${kind} map`, await compiled(), await hand());
  return { shape: `${kind} over ${items} items, LlmNode subflow`, floor: 'Send map-reduce by hand', unit: items, per: 'item', ...(await pair(compiled, hand, runs, 2)) };
}

/** The Send map-reduce by hand with a subgraph per item ÷ without (reported: what running a graph per iteration costs LangGraph itself). */
export async function measureSubgraphMap(items: number, runs: number): Promise<ShapeResult> {
  const model = new InstantChatModel({});
  const bySubgraph = mapBySubgraph(model);
  const byHand = mapByHand(model);
  const input = Array.from({ length: items }, (_, i) => `item ${i}`);
  const subgraphs = async () => (await bySubgraph.invoke({ items: input })).answers;
  const hand = async () => (await byHand.invoke({ items: input })).answers;
  same('subgraph map', await subgraphs(), await hand());
  return { shape: `Send map over ${items} items by hand, a subgraph per item`, floor: 'Send map-reduce by hand', unit: items, per: 'item', subject: 'Send to a subgraph by hand', reported: true, ...(await pair(subgraphs, hand, runs, 2)) };
}

/**
 * Warm-up calls of each side of the branching shape before its samples
 * (BENCH_BRANCHING_WARMUPS; 100, 50 quick). A call is 20 small LangGraph
 * steps, so after the 3 calls the other shapes take, V8 has optimized little
 * of either side, and the compiled side, with more code of its own, stays
 * slower for longer: after the map rows, at load average 2–3 (2026-11-28),
 * 3 warm-up calls read 12.5 ÷ 10.2 and 11.7 ÷ 9.2 ms (1.23×, 1.27×), 100
 * read 8.0 ÷ 7.1 and 8.7 ÷ 7.9 ms (1.12×, 1.11×), 300 the same (1.13×,
 * 1.12×) — the JIT's progress, not what a run costs (valgrind's instruction
 * counts over 200 warm runs: 1.07×).
 */
function branchingWarmups(quick: boolean): number {
  return Number(process.env.BENCH_BRANCHING_WARMUPS ?? (quick ? 50 : 100));
}

export async function measureBranching(decisions: number, runs: number, warmups = 100): Promise<ShapeResult> {
  const model = new InstantChatModel({});
  const { graph } = compileLangGraph(deserialize(branchingChainDocument(decisions)), { chatModel: () => model });
  const byHand = branchingByHand(decisions, model);
  const compiled = async () => ((await graph.invoke({ text: 'the plan' }, { recursionLimit: 10 * decisions })) as { choice: string }).choice;
  const hand = async () => (await byHand.invoke({ text: 'the plan' })).choice;
  same('branching', await compiled(), await hand());
  if ((await hand()) !== 'yes') throw new Error('the decisions did not all say yes');
  return { shape: `${decisions} LlmNode + BranchingNode decisions in a chain`, floor: 'addConditionalEdges by hand', unit: decisions, per: 'decision', ...(await pair(compiled, hand, runs, warmups)) };
}

/** One session at a time of the concurrency benchmark's agent on `runtime`, and of the same agent by hand. */
export async function measureAgentLoop(runtime: 'langgraph' | 'mastra', runs: number): Promise<ShapeResult> {
  const llm = await startLlmProcess();
  const subjects: Subject[] = [];
  try {
    const compiled = await subjectOf(runtime, llm.url);
    subjects.push(compiled);
    const hand = await subjectOf(`${runtime}-by-hand`, llm.url);
    subjects.push(hand);
    return { shape: 'agent loop, one session (tool call, then submit_result), scripted LLM server', floor: 'agent by hand', unit: 1, per: 'session', subject: `${runtime}Runtime session`, ...(await pair(() => compiled.start().run(), () => hand.start().run(), runs)) };
  } finally {
    for (const s of subjects) await s.close();
    llm.stop();
  }
}

export async function measureLangGraphShapes(options: BenchOptions): Promise<ShapeResult[]> {
  const items = Number(process.env.BENCH_ITEMS ?? (options.quick ? 20 : 50));
  const decisions = Number(process.env.BENCH_DECISIONS ?? 20);
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 3 : 8));
  return [
    await measureMap('MapNode', items, runs),
    await measureMap('ParallelMapNode', items, runs),
    await measureSubgraphMap(items, runs),
    await measureBranching(decisions, runs, branchingWarmups(options.quick)),
    await measureAgentLoop('langgraph', runs * 2),
  ];
}

/** The rows of one framework's shapes. */
export function shapeRows(benchmark: string, subject: string, results: readonly ShapeResult[]): Row[] {
  const target = 'DESIGN §10: compiled overhead ≤ 1.25× the same program written by hand in the framework (map, branching, agent loop)';
  const scale = 'reported, for scale: the same hand-written map with a subgraph per item (what a graph run per iteration costs LangGraph itself)';
  return results.map((r) => row(benchmark, r.shape, { name: r.subject ?? subject, value: r.compiled, unit: 'ms' }, { name: r.floor, value: r.hand, unit: 'ms' },
    r.reported ? null : TARGETS.compiled, r.reported ? scale : target));
}

export async function langgraphShapesBenchmark(options: BenchOptions): Promise<Row[]> {
  return shapeRows('langgraph-shapes', 'compiled', await measureLangGraphShapes(options));
}

/** The table printed when a shapes benchmark runs alone. */
export function printShapes(results: readonly ShapeResult[]): void {
  console.log('| shape | by hand | compiled | per unit, by hand · compiled | compiled ÷ by hand |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    const per = (ms: number) => `${((ms * 1000) / r.unit).toFixed(0)} µs`;
    console.log(`| ${r.shape} | ${r.hand.toFixed(2)} ms | ${r.compiled.toFixed(2)} ms | ${per(r.hand)} · ${per(r.compiled)} per ${r.per} | ${(r.compiled / r.hand).toFixed(2)}× |`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printShapes(await measureLangGraphShapes({ quick: process.argv.includes('--quick') }));
