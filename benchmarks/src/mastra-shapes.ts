// Mastra: compiled ÷ by hand per shape of program (DESIGN §10, target ≤ 1.25×),
// each written by hand the way Mastra's docs write it, both run with Mastra's
// own `createRun().start()` and in-memory store, on the same instant model in
// this process (it echoes the prompt's last word):
// - map: a MapNode (the iterations one at a time) and a ParallelMapNode
//   (limits.parallelism 16) over BENCH_ITEMS items (50; 20 quick) with an
//   LlmNode in the subflow (parallel-map.ts's flow; compileMastra runs each
//   iteration through the node's `:each` step), against a workflow that maps
//   the items to step inputs and runs `.foreach(step, { concurrency })` with
//   the same concurrency, the step asking an Agent;
// - branching: BENCH_DECISIONS (20) LlmNode + BranchingNode decisions in a
//   chain (branching-flow.ts), against a workflow of agent steps each
//   followed by `.branch([...])` (the `no` arm bails) and a `.map` of the arm taken;
// - agent loop: one session at a time of the concurrency benchmark's agent on
//   mastraRuntime, against the same agent by hand (by-hand-agents.ts), on the
//   scripted LLM server in a process of its own.
// Run: node --expose-gc dist/mastra-shapes.js [--quick]
import { pathToFileURL } from 'node:url';
import { deserialize } from '@agentspec/core';
import { compileMastra } from '@agentspec/mastra';
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { InMemoryStore } from '@mastra/core/storage';
import { createStep, createWorkflow, type AnyWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';
import { branchingChainDocument } from './branching-flow.js';
import { measureAgentLoop, pair, printShapes, same, shapeRows, type ShapeResult } from './langgraph-shapes.js';
import { contentText, instantModel, type InstantPrompt } from './instant-model.js';
import { mapFlowDocument } from './map-flow.js';
import type { BenchOptions, Row } from './row.js';

/** The last word of the prompt's last message. */
function lastWord(prompt: InstantPrompt): string {
  return contentText(prompt.at(-1)?.content ?? '').split(' ').at(-1) ?? '';
}

/** A LanguageModel (v4) that answers at once, without I/O, with the prompt's last word (Mastra agents may stream, so doStream too). */
export const echoModel = instantModel((prompt) => ({ type: 'text', text: lastWord(prompt) }), 'echo');

export const writer = (): Agent => new Agent({ id: 'writer', name: 'writer', instructions: '', model: echoModel as never });

/** The map by hand: the items as step inputs, `.foreach` of a step asking the agent, the answers gathered. */
export function mapByHand(agent: Agent, concurrency: number): AnyWorkflow {
  const rewrite = createStep({
    id: 'rewrite', inputSchema: z.object({ item: z.string() }), outputSchema: z.object({ value: z.string() }),
    execute: async ({ inputData }) => ({ value: (await agent.generate([{ role: 'user', content: `Rewrite: ${inputData.item}` }])).text }),
  });
  return createWorkflow({ id: 'map_by_hand', inputSchema: z.object({ items: z.array(z.string()) }), outputSchema: z.object({ values: z.array(z.string()) }) })
    .map(async ({ inputData }) => inputData.items.map((item) => ({ item })))
    .foreach(rewrite, { concurrency })
    .map(async ({ inputData }) => ({ values: (inputData as { value: string }[]).map((r) => r.value) }))
    .commit() as unknown as AnyWorkflow;
}

/** The decisions by hand: per decision a step asking the agent, `.branch` on its answer (`no` bails), a `.map` of the arm taken. */
export function branchingByHand(n: number, agent: Agent): AnyWorkflow {
  const decision = z.object({ text: z.string(), choice: z.string() });
  let wf = createWorkflow({ id: 'decisions_by_hand', inputSchema: z.object({ text: z.string() }), outputSchema: decision }) as unknown as AnyWorkflow;
  for (let i = 1; i <= n; i++) {
    const decide = createStep({
      id: `decide_${i}`, inputSchema: z.object({ text: z.string() }), outputSchema: decision,
      execute: async ({ inputData }) => ({ text: inputData.text, choice: (await agent.generate([{ role: 'user', content: `Decide about ${inputData.text}: yes` }])).text }),
    });
    const accept = createStep({ id: `accept_${i}`, inputSchema: decision, outputSchema: decision, execute: async ({ inputData }) => inputData });
    const reject = createStep({ id: `reject_${i}`, inputSchema: decision, outputSchema: decision, execute: async ({ inputData, bail }) => bail({ text: inputData.text, choice: 'no' }) });
    wf = wf
      .then(decide as never)
      .branch([
        [async ({ inputData }: { inputData: z.infer<typeof decision> }) => inputData.choice === 'yes', accept],
        [async ({ inputData }: { inputData: z.infer<typeof decision> }) => inputData.choice !== 'yes', reject],
      ] as never)
      .map(async ({ inputData }) => (inputData as Record<string, unknown>)[`accept_${i}`]) as AnyWorkflow;
  }
  return wf.commit() as AnyWorkflow;
}

/** One run of a registered workflow with Mastra's createRun().start(): its result. */
function runner(workflow: AnyWorkflow, agents: Record<string, Agent>): (inputData: unknown) => Promise<Record<string, unknown>> {
  const mastra = new Mastra({ workflows: { [workflow.id]: workflow }, agents, storage: new InMemoryStore(), logger: false } as never);
  return async (inputData) => {
    const run = await mastra.getWorkflow(workflow.id).createRun();
    const r = await run.start({ inputData }) as { status: string; result?: Record<string, unknown>; error?: unknown };
    if (r.status !== 'success') throw new Error(`${workflow.id}: the workflow ended ${r.status} ${JSON.stringify(r.error)}`);
    return r.result ?? {};
  };
}

function compiledRunner(doc: Record<string, unknown>, limits: Record<string, number> = {}): (inputData: unknown) => Promise<Record<string, unknown>> {
  const compiled = compileMastra(deserialize(doc), { model: echoModel as never, limits });
  if (compiled.kind !== 'workflow') throw new Error('expected a workflow');
  return runner(compiled.workflow, compiled.agents as Record<string, Agent>);
}

export async function measureMap(kind: 'MapNode' | 'ParallelMapNode', items: number, runs: number): Promise<ShapeResult> {
  const concurrency = kind === 'MapNode' ? 1 : 16;
  const compiledRun = compiledRunner(mapFlowDocument(kind), { parallelism: 16, mapConcurrency: 1, maxSteps: 100 * items });
  const agent = writer();
  const handRun = runner(mapByHand(agent, concurrency), { writer: agent });
  const input = Array.from({ length: items }, (_, i) => `item ${i}`);
  const compiled = async () => (await compiledRun({ iterated_item: input })).collected_value;
  const hand = async () => (await handRun({ items: input })).values;
  same(`${kind} map`, await compiled(), await hand());
  return { shape: `${kind} over ${items} items, LlmNode subflow`, floor: `.foreach (concurrency ${concurrency}) by hand`, unit: items, per: 'item', ...(await pair(compiled, hand, runs)) };
}

export async function measureBranching(decisions: number, runs: number): Promise<ShapeResult> {
  const compiledRun = compiledRunner(branchingChainDocument(decisions), { maxSteps: 10 * decisions });
  const agent = writer();
  const handRun = runner(branchingByHand(decisions, agent), { writer: agent });
  const compiled = async () => (await compiledRun({ text: 'the plan' })).choice;
  const hand = async () => (await handRun({ text: 'the plan' })).choice;
  same('branching', await compiled(), await hand());
  if ((await hand()) !== 'yes') throw new Error('the decisions did not all say yes');
  return { shape: `${decisions} LlmNode + BranchingNode decisions in a chain`, floor: '.branch by hand', unit: decisions, per: 'decision', ...(await pair(compiled, hand, runs)) };
}

export async function measureMastraShapes(options: BenchOptions): Promise<ShapeResult[]> {
  const items = Number(process.env.BENCH_ITEMS ?? (options.quick ? 20 : 50));
  const decisions = Number(process.env.BENCH_DECISIONS ?? 20);
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 3 : 6));
  return [
    await measureMap('MapNode', items, runs),
    await measureMap('ParallelMapNode', items, runs),
    await measureBranching(decisions, runs),
    await measureAgentLoop('mastra', runs * 2),
  ];
}

export async function mastraShapesBenchmark(options: BenchOptions): Promise<Row[]> {
  return shapeRows('mastra-shapes', 'compileMastra', await measureMastraShapes(options));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printShapes(await measureMastraShapes({ quick: process.argv.includes('--quick') }));
