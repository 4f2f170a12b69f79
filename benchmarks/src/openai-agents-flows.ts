// Flows on the OpenAI Agents SDK (DESIGN §10, the performance issue's "every
// framework target": 100-node flow, map, branching). openaiAgentsRuntime runs
// a Flow on the reference interpreter with every LLM call of its LlmNodes made
// by the SDK's model of the node's LLM config (`getResponse`); the SDK has no
// graph of its own, so the same programs by hand are written the way the
// SDK's docs write deterministic flows in code (examples/agent-patterns):
// an `Agent` per step, `run()` per call, the output of one step the input of
// the next, plain `if` on an output to route, a loop for a list.
//   - a chain flow of 100 nodes (LlmNode / ToolNode alternating) ÷ a loop of
//     `run(rewriter, …)` calls and tool calls;
//   - a MapNode over 50 items with an LlmNode in its subflow ÷ a loop of
//     `run()` (the MapNode runs its iterations one at a time);
//   - 20 stages of LlmNode → BranchingNode → one of two LlmNodes ÷ `run()` of
//     a classifier and `switch` on its output.
// The runtime takes no model object: both sides make the same requests to
// the scripted LLM server, in a process of its own (its time is in both).
// Run: node --expose-gc dist/openai-agents-flows.js [--quick]   (BENCH_RUNS=3)
import { pathToFileURL } from 'node:url';
import { deserialize, type Component } from '@agentspec/core';
import type { ToolRegistry } from '@agentspec/runtime';
import { openaiAgentsRuntime } from '@agentspec/openai-agents';
import { Agent, OpenAIChatCompletionsModel, Runner, setTracingDisabled } from '@openai/agents';
import OpenAI from 'openai';
import { branchingFlowDocument } from './branching-flow.js';
import { branchingByHand, chainByHand, mapByHand, type Ask } from './by-hand-flows.js';
import { chainFlowDocument, chainFlowTools } from './chain-flow.js';
import { startLlmProcess } from './llm-process.js';
import { mapFlowDocument } from './map-flow.js';
import { fastestAsync } from './measure.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

const nodes = Number(process.env.BENCH_NODES ?? 100);
const items = Number(process.env.BENCH_ITEMS ?? 50);
const stages = Number(process.env.BENCH_STAGES ?? 20);
export const ANSWER = 'rewritten text';

/** The scripted server's rules: a classify prompt of an odd stage is `yes`, of an even one `no`; anything else the rewrite. */
export const RULES = {
  rules: [
    { match: { regex: '^Stage \\d*[13579], classify:' }, answer: { text: 'yes' } },
    { match: { regex: '^Stage \\d*[02468], classify:' }, answer: { text: 'no' } },
  ],
  defaultAnswer: { text: ANSWER },
};

/** The hand-written side: one Agent of the SDK on a Chat Completions model of the server, and a Runner without tracing. */
export function byHandAgents(url: string): { readonly ask: Ask } {
  const model = new OpenAIChatCompletionsModel(new OpenAI({ baseURL: url, apiKey: 'sk-bench' }), 'scripted-model');
  const agent = new Agent({ name: 'step', model });
  const runner = new Runner({ tracingDisabled: true });
  return {
    async ask(prompt) {
      const { finalOutput } = await runner.run(agent, prompt);
      if (typeof finalOutput !== 'string') throw new Error(`a hand-written step ended with ${String(finalOutput)}`);
      return finalOutput;
    },
  };
}

/** A runtime app of `component` on the server: run() starts a session with `inputs` and runs it to finished. */
export async function runtimeFlow(component: Component, url: string, tools: ToolRegistry, inputs: Record<string, unknown>): Promise<{ run: () => Promise<Record<string, unknown>>; close: () => Promise<void> }> {
  const app = await openaiAgentsRuntime().load(component, {
    tools,
    llm: { override: { url, apiKey: 'sk-bench', model: 'scripted-model' } },
    limits: { maxSteps: 10 * nodes + 10 * items + 10 * stages },
  });
  return {
    async run() {
      const status = await app.start({ inputs }).run();
      if (status.type !== 'finished') throw new Error(`the flow did not finish: ${JSON.stringify(status).slice(0, 300)}`);
      return status.outputs;
    },
    close: () => app.close(),
  };
}

export interface OpenAiAgentsFlowsResult {
  readonly runs: number;
  readonly chain: { readonly runtime: number; readonly byHand: number };
  readonly map: { readonly runtime: number; readonly byHand: number };
  readonly branching: { readonly runtime: number; readonly byHand: number };
}

/** Three rounds, each subject's runs interleaved with its twin's, keeping each subject's fastest. */
export async function measureOpenAiAgentsFlows(options: BenchOptions): Promise<OpenAiAgentsFlowsResult> {
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 2 : 3));
  setTracingDisabled(true);
  const server = await startLlmProcess(RULES);
  try {
    const { ask } = byHandAgents(server.url);
    const tools = chainFlowTools(nodes);
    const list = Array.from({ length: items }, (_, i) => `item ${i}`);
    const pairs = {
      chain: [await runtimeFlow(deserialize(chainFlowDocument(nodes)) as Component, server.url, tools, { text: 'hello' }), chainByHand(ask, tools, nodes)],
      map: [await runtimeFlow(deserialize(mapFlowDocument('MapNode')) as Component, server.url, {}, { iterated_item: list }), mapByHand(ask, list)],
      branching: [await runtimeFlow(deserialize(branchingFlowDocument(stages)) as Component, server.url, {}, { text: 'hello' }), branchingByHand(ask, stages)],
    } as const;
    const best = { chain: { runtime: Infinity, byHand: Infinity }, map: { runtime: Infinity, byHand: Infinity }, branching: { runtime: Infinity, byHand: Infinity } };
    for (let round = 0; round < 3; round++) {
      for (const key of ['chain', 'map', 'branching'] as const) {
        const [flow, hand] = pairs[key];
        best[key].runtime = Math.min(best[key].runtime, await fastestAsync(flow.run, runs, 1));
        best[key].byHand = Math.min(best[key].byHand, await fastestAsync(hand, runs, 1));
      }
    }
    await Promise.all(Object.values(pairs).map(([flow]) => flow.close()));
    return { runs, ...best };
  } finally {
    server.stop();
  }
}

export async function openaiAgentsFlowsBenchmark(options: BenchOptions): Promise<Row[]> {
  const r = await measureOpenAiAgentsFlows(options);
  const note = 'DESIGN §10: per-node overhead ≤ 1.25× the same flow by hand in the framework (SDK Agents and run(), as its docs write a flow in code)';
  const runtime = (value: number) => ({ name: 'openaiAgentsRuntime', value, unit: 'ms' });
  return [
    row('openai-agents-flows', `${nodes}-node LlmNode/ToolNode flow, scripted server`, runtime(r.chain.runtime),
      { name: 'run() per LlmNode by hand', value: r.chain.byHand, unit: 'ms' }, TARGETS.compiled, note),
    row('openai-agents-flows', `MapNode over ${items} items (LlmNode subflow), scripted server`, runtime(r.map.runtime),
      { name: 'a loop of run() by hand', value: r.map.byHand, unit: 'ms' }, TARGETS.compiled, note),
    row('openai-agents-flows', `${stages} BranchingNode stages routing on LLM answers, scripted server`, runtime(r.branching.runtime),
      { name: 'run() and switch by hand', value: r.branching.byHand, unit: 'ms' }, TARGETS.compiled, note),
  ];
}

async function main(): Promise<void> {
  const r = await measureOpenAiAgentsFlows({ quick: process.argv.includes('--quick') });
  console.log(`flows on openaiAgentsRuntime ÷ the same by hand with the Agents SDK, scripted LLM server in its own process, fastest of 3 × ${r.runs} runs`);
  console.log('| flow | openaiAgentsRuntime | by hand | ratio |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, m] of [[`${nodes}-node chain`, r.chain], [`MapNode over ${items} items`, r.map], [`${stages} branching stages`, r.branching]] as const) {
    console.log(`| ${name} | ${m.runtime.toFixed(2)} ms | ${m.byHand.toFixed(2)} ms | ${(m.runtime / m.byHand).toFixed(2)}× |`);
  }
}

// run when executed, not when imported (the runner imports openaiAgentsFlowsBenchmark)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
