// Flow run benchmark of @agentspec/ai-sdk (DESIGN §10): a generated chain flow
// of 100 nodes (LlmNode / ToolNode alternating) run by aiSdkRuntime — the
// reference interpreter with every LLM call made through the AI SDK's
// generateText — against the reference interpreter alone, both on the same
// in-process instant model: an object implementing the AI SDK's
// LanguageModel (v4) spec on one side, an LlmBackend returning the same
// answer on the other. Reports the per-node time of each and their ratio, and
// for scale the same chain written by hand with generateText (DESIGN §10's
// floor for a framework runtime).
// Then, each against the same written by hand on generateText: a MapNode over
// 50 items (BENCH_ITEMS) with an LlmNode in its subflow (a loop of
// generateText calls: the MapNode runs its iterations one at a time), and a
// flow of BranchingNodes routing on LLM answers (BENCH_STAGES stages of
// classify → branch → one of two LlmNodes; `switch` on generateText's text).
// Run: node --expose-gc dist/ai-sdk.js [--quick]   (BENCH_NODES=100, BENCH_RUNS=15)
import { pathToFileURL } from 'node:url';
import { deserialize, type Component } from '@agentspec/core';
import { referenceRuntime, type LlmBackend, type Runtime, type ToolRegistry } from '@agentspec/runtime';
import { aiSdkRuntime } from '@agentspec/ai-sdk';
import { generateText } from 'ai';
import { chainFlowDocument, chainFlowTools } from './chain-flow.js';
import { branchingFlowDocument } from './branching-flow.js';
import { mapFlowDocument } from './map-flow.js';
import { branchingByHand, chainByHand, mapByHand } from './by-hand-flows.js';
import { contentText, instantModel, type InstantPrompt } from './instant-model.js';
import { fastestAsync } from './measure.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

const nodes = Number(process.env.BENCH_NODES ?? 100);
const items = Number(process.env.BENCH_ITEMS ?? 50);
const stages = Number(process.env.BENCH_STAGES ?? 20);
const ANSWER = 'rewritten text';

/** The answer to a classify prompt of the branching flow: `yes` at odd stages, `no` at even ones. */
function classify(prompt: string): string | undefined {
  const stage = /^Stage (\d+), classify:/.exec(prompt)?.[1];
  return stage === undefined ? undefined : Number(stage) % 2 === 1 ? 'yes' : 'no';
}

/** The text of the last user message of an AI SDK prompt. */
function lastUserText(prompt: InstantPrompt): string {
  return contentText(prompt.findLast((m) => m.role === 'user')?.content ?? '');
}

/** The AI SDK side: a LanguageModel that answers at once, without I/O. */
const INSTANT = instantModel((prompt) => ({ type: 'text', text: classify(lastUserText(prompt)) ?? ANSWER }));

/** The reference side: the same answer through the interpreter's LlmBackend. */
const instantBackend: LlmBackend = {
  async generate({ messages }) {
    const last = messages.findLast((m) => m.role === 'user')?.content ?? '';
    return { text: classify(last) ?? ANSWER, toolCalls: [], usage: { promptTokens: 1, completionTokens: 1 } };
  },
};

/** The text of one generateText call with `prompt` as the only message: the call each hand-written program makes (by-hand-flows.ts). */
async function ask(prompt: string): Promise<string> {
  return (await generateText({ model: INSTANT, messages: [{ role: 'user', content: prompt }] })).text;
}

/** Fastest wall time of one run (start + run to finished), over `samples` samples after a warm-up, a full GC before each. */
async function fastestRun(runtime: Runtime, component: Component, tools: ToolRegistry, samples: number, inputs: Record<string, unknown> = { text: 'hello' }): Promise<number> {
  const app = await runtime.load(component, { tools, limits: { maxSteps: 10 * nodes + 10 * items } });
  const once = async () => {
    const status = await app.start({ inputs }).run();
    if (status.type !== 'finished') throw new Error(`the flow did not finish: ${status.type}`);
  };
  const best = await fastestAsync(once, samples, 5);
  await app.close();
  return best;
}

export interface AiSdkResult {
  readonly nodes: number;
  readonly runs: number;
  readonly reference: number;
  readonly aiSdk: number;
  readonly byHand: number;
  readonly items: number;
  readonly map: { readonly aiSdk: number; readonly byHand: number };
  readonly stages: number;
  readonly branching: { readonly aiSdk: number; readonly byHand: number };
}

/** Three rounds, interleaved, keeping each subject's fastest: JIT warm-up and a busy machine favour no one. */
export async function measureAiSdk(options: BenchOptions): Promise<AiSdkResult> {
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 5 : 15));
  const component = deserialize(chainFlowDocument(nodes));
  const tools = chainFlowTools(nodes);
  let reference = Infinity;
  let aiSdk = Infinity;
  let byHand = Infinity;
  for (let round = 0; round < 3; round++) {
    reference = Math.min(reference, await fastestRun(referenceRuntime({ backend: instantBackend }), component, tools, runs));
    aiSdk = Math.min(aiSdk, await fastestRun(aiSdkRuntime({ model: INSTANT }), component, tools, runs));
    byHand = Math.min(byHand, await fastestAsync(chainByHand(ask, tools, nodes), runs, 5));
  }
  const list = Array.from({ length: items }, (_, i) => `item ${i}`);
  const mapFlow = deserialize(mapFlowDocument('MapNode'));
  const branchingFlow = deserialize(branchingFlowDocument(stages));
  const map = { aiSdk: Infinity, byHand: Infinity };
  const branching = { aiSdk: Infinity, byHand: Infinity };
  for (let round = 0; round < 3; round++) {
    map.aiSdk = Math.min(map.aiSdk, await fastestRun(aiSdkRuntime({ model: INSTANT }), mapFlow, {}, runs, { iterated_item: list }));
    map.byHand = Math.min(map.byHand, await fastestAsync(mapByHand(ask, list), runs, 5));
    branching.aiSdk = Math.min(branching.aiSdk, await fastestRun(aiSdkRuntime({ model: INSTANT }), branchingFlow, {}, runs));
    branching.byHand = Math.min(branching.byHand, await fastestAsync(branchingByHand(ask, stages), runs, 5));
  }
  return { nodes, runs, reference, aiSdk, byHand, items, map, stages, branching };
}

export async function aiSdkBenchmark(options: BenchOptions): Promise<Row[]> {
  const r = await measureAiSdk(options);
  const kase = `${r.nodes}-node LlmNode/ToolNode flow, instant model`;
  return [
    row('ai-sdk', kase, { name: 'aiSdkRuntime', value: r.aiSdk, unit: 'ms' }, { name: 'the chain by hand on generateText', value: r.byHand, unit: 'ms' },
      TARGETS.compiled, 'DESIGN §10: per-node overhead ≤ 1.25× the same flow by hand in the framework'),
    row('ai-sdk', kase, { name: 'aiSdkRuntime', value: r.aiSdk, unit: 'ms' }, { name: 'reference interpreter', value: r.reference, unit: 'ms' },
      null, 'ai-sdk ÷ reference is reported: most of it is the AI SDK\'s own cost per generateText call'),
    row('ai-sdk', `MapNode over ${r.items} items (LlmNode subflow), instant model`, { name: 'aiSdkRuntime', value: r.map.aiSdk, unit: 'ms' },
      { name: 'a loop of generateText by hand', value: r.map.byHand, unit: 'ms' }, TARGETS.compiled, 'DESIGN §10: per-node overhead ≤ 1.25× the same flow by hand in the framework'),
    row('ai-sdk', `${r.stages} BranchingNode stages routing on LLM answers, instant model`, { name: 'aiSdkRuntime', value: r.branching.aiSdk, unit: 'ms' },
      { name: 'generateText and switch by hand', value: r.branching.byHand, unit: 'ms' }, TARGETS.compiled, 'DESIGN §10: per-node overhead ≤ 1.25× the same flow by hand in the framework'),
  ];
}

function main(): Promise<void> {
  return measureAiSdk({ quick: process.argv.includes('--quick') }).then(({ reference, aiSdk, byHand, runs, map, branching }) => {
    const llmNodes = Math.ceil((nodes - 2) / 2);
    const perNode = (ms: number) => (ms / nodes) * 1000;
    console.log(`${nodes}-node chain flow (${llmNodes} LlmNodes), in-process instant model, fastest of 3 × ${runs} runs${gc ? '' : ' (run node with --expose-gc for GC-isolated samples)'}`);
    console.log('| runtime | run | per node | ratio |');
    console.log('| --- | ---: | ---: | ---: |');
    console.log(`| reference (LlmBackend) | ${reference.toFixed(2)} ms | ${perNode(reference).toFixed(1)} µs | 1.00× |`);
    console.log(`| ai-sdk (generateText) | ${aiSdk.toFixed(2)} ms | ${perNode(aiSdk).toFixed(1)} µs | ${(aiSdk / reference).toFixed(2)}× |`);
    console.log(`| for scale: the chain by hand on generateText | ${byHand.toFixed(2)} ms | ${perNode(byHand).toFixed(1)} µs | ${(byHand / reference).toFixed(2)}× |`);
    console.log(`ai-sdk ÷ reference: ${(aiSdk / reference).toFixed(2)}× per node; ai-sdk ÷ by hand on the AI SDK: ${(aiSdk / byHand).toFixed(2)}×; AI SDK cost per LLM call: ${(((aiSdk - reference) / llmNodes) * 1000).toFixed(1)} µs`);
    console.log(`MapNode over ${items} items: ai-sdk ${map.aiSdk.toFixed(2)} ms, by hand ${map.byHand.toFixed(2)} ms, ${(map.aiSdk / map.byHand).toFixed(2)}×`);
    console.log(`${stages} branching stages: ai-sdk ${branching.aiSdk.toFixed(2)} ms, by hand ${branching.byHand.toFixed(2)} ms, ${(branching.aiSdk / branching.byHand).toFixed(2)}×`);
  });
}

// run when executed, not when imported (the runner imports aiSdkBenchmark)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
