// LangGraph benchmark (DESIGN §10), two parts, each a ratio measured in this run:
// 1. compileLangGraph of generated chain flows of 10 … 10k nodes (LlmNode /
//    ToolNode alternating, see chain-flow.ts): time per node, which must stay
//    flat (compiling is linear in N);
// 2. a compiled 100-LlmNode chain run with an instant in-process chat model,
//    against the same chain written by hand as a StateGraph with the same
//    model: per-node overhead ratio, target ≤ 1.25×.
// Run: node --expose-gc benchmarks/dist/langgraph.js [--quick] (after pnpm build; BENCH_SIZES, BENCH_CHAIN, BENCH_RUNS).
import { pathToFileURL } from 'node:url';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { Annotation, END, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { deserialize, validateComponent, type Component } from '@agentspec/core';
import { compileLangGraph } from '@agentspec/langgraph';
import { chainFlowDocument, llmChainDocument } from './chain-flow.js';
import { fastest, fastestInterleavedAsync, linearityPairs, type SizePair } from './measure.js';
import { linearityPairRows, row, TARGETS, type BenchOptions, type Row } from './row.js';

/** A chat model that answers at once, in process: it echoes the prompt's last word. */
export class InstantChatModel extends BaseChatModel {
  _llmType(): string {
    return 'instant';
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages.at(-1)?.content;
    const text = typeof last === 'string' ? (last.split(' ').at(-1) ?? '') : '';
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}

/** The same chain by hand: `n` nodes, each asking the model to rewrite the state's text. */
export function handWrittenChain(n: number, model: BaseChatModel) {
  const State = Annotation.Root({ text: Annotation<string>() });
  const builder = new StateGraph(State);
  const names = Array.from({ length: n }, (_, i) => `llm_${i + 1}`);
  for (const name of names) {
    builder.addNode(name, async (state: typeof State.State, config: LangGraphRunnableConfig) => {
      const reply = await model.invoke([new HumanMessage(`Rewrite: ${state.text}`)], config);
      return { text: typeof reply.content === 'string' ? reply.content : '' };
    });
  }
  const b = builder as unknown as { addEdge(a: string, b: string): unknown; compile(): { withConfig(c: unknown): { invoke(input: unknown): Promise<{ text: string }> } } };
  b.addEdge(START, names[0] as string);
  for (let i = 0; i + 1 < names.length; i++) b.addEdge(names[i] as string, names[i + 1] as string);
  b.addEdge(names.at(-1) as string, END);
  return b.compile().withConfig({ recursionLimit: n + 10 });
}

const limits = { maxBytes: 1024 * 1024 * 1024 };

function stubTools(n: number): Record<string, () => string> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`tool_${i + 1}`, () => 'ok']));
}

export interface CompileResult {
  readonly nodes: number;
  readonly compile: number;
  readonly validation: number;
}

/** compileLangGraph of chain flows: fastest of several samples per size (BENCH_SIZES, else 10 … 10k; 100 and 1k in a quick run). */
export function measureCompile(options: BenchOptions): CompileResult[] {
  const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : options.quick ? [100, 1_000] : [10, 100, 1_000, 10_000];
  return sizes.map((n) => {
    const component = deserialize(JSON.stringify(chainFlowDocument(n)), { limits }) as Component;
    const runs = n >= 10_000 ? 2 : n >= 1_000 ? (options.quick ? 3 : 5) : options.quick ? 5 : 15;
    return { nodes: n, compile: fastest(compileOf(n), runs), validation: fastest(() => validateComponent(component), runs) };
  });
}

/** A compile of a chain flow of `n` nodes, its input built once. */
function compileOf(n: number): () => unknown {
  const component = deserialize(JSON.stringify(chainFlowDocument(n)), { limits }) as Component;
  const compileOptions = { tools: stubTools(n), llm: { override: { url: 'http://127.0.0.1:9' } } };
  return () => compileLangGraph(component, compileOptions);
}

/** compileLangGraph per node at neighbouring sizes, with the same work per sample (linearityPairs): 100 → 1k → 10k (100 → 1k in a quick run; BENCH_SIZES). */
export function measureCompileLinearity(options: BenchOptions): SizePair[] {
  const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : options.quick ? [100, 1_000] : [100, 1_000, 10_000];
  return linearityPairs(sizes, compileOf, { min: 2, max: 4, patience: 1, tolerance: 0.03, warmups: 1 });
}

export interface ChainRunResult {
  readonly chain: number;
  readonly compiled: number;
  readonly hand: number;
}

/** The compiled chain and the hand-written one, interleaved over three rounds, fastest sample of each. */
export async function measureChainRun(options: BenchOptions): Promise<ChainRunResult> {
  const chain = Number(process.env.BENCH_CHAIN ?? 100);
  const model = new InstantChatModel({});
  const { graph } = compileLangGraph(deserialize(llmChainDocument(chain)), { chatModel: () => model });
  const byHand = handWrittenChain(chain, model);
  const [a, b] = await Promise.all([graph.invoke({ text: 'x y z' }), byHand.invoke({ text: 'x y z' })]);
  if ((a as { text?: unknown }).text !== b.text) throw new Error(`the two chains disagree: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 3 : 8));
  // interleaved, so that both see the same machine, until both fastest samples settle (the check above was a first warm-up call)
  const { compiled, hand } = await fastestInterleavedAsync({ compiled: () => graph.invoke({ text: 'x y z' }), hand: () => byHand.invoke({ text: 'x y z' }) }, { min: Math.min(5, runs), max: 3 * runs, warmups: 2 });
  return { chain, compiled, hand };
}

export async function langgraphBenchmark(options: BenchOptions): Promise<Row[]> {
  const compile = measureCompileLinearity(options);
  const run = await measureChainRun(options);
  return [
    ...linearityPairRows('langgraph', 'compileLangGraph', compile),
    row('langgraph', `${run.chain}-LlmNode chain, instant model`, { name: 'compiled', value: run.compiled, unit: 'ms' }, { name: 'StateGraph by hand', value: run.hand, unit: 'ms' },
      TARGETS.compiled, 'DESIGN §10: compiled per-node overhead ≤ 1.25× the same graph by hand'),
  ];
}

async function main(): Promise<void> {
  const options = { quick: process.argv.includes('--quick') };
  console.log('## compileLangGraph of chain flows\n');
  console.log('| nodes | compile | per node | of which validateComponent, per node |');
  console.log('| ---: | ---: | ---: | ---: |');
  for (const { nodes: n, compile: ms, validation } of measureCompile(options)) {
    console.log(`| ${n} | ${ms.toFixed(2)} ms | ${((ms * 1000) / n).toFixed(1)} µs | ${((validation * 1000) / n).toFixed(1)} µs |`);
  }
  console.log('\nwith the same work per sample (as `pnpm bench` measures it):');
  for (const { small, large } of measureCompileLinearity(options)) {
    const [a, b] = [(small.ms * 1000) / small.nodes, (large.ms * 1000) / large.nodes];
    console.log(`- ${large.nodes} ÷ ${small.nodes} nodes: ${b.toFixed(1)} ÷ ${a.toFixed(1)} µs per node = ${(b / a).toFixed(2)}×`);
  }
  const { chain, compiled, hand } = await measureChainRun(options);
  console.log(`\n## running a ${chain}-LlmNode chain (instant in-process chat model)\n`);
  console.log('| graph | run | per LlmNode |');
  console.log('| --- | ---: | ---: |');
  console.log(`| written by hand | ${hand.toFixed(2)} ms | ${((hand * 1000) / chain).toFixed(0)} µs |`);
  console.log(`| compiled from Agent Spec | ${compiled.toFixed(2)} ms | ${((compiled * 1000) / chain).toFixed(0)} µs |`);
  console.log(`\ncompiled ÷ by hand: ${(compiled / hand).toFixed(2)}× (target ≤ 1.25×)`);
}

// run when executed, not when imported (tests import the chains)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
