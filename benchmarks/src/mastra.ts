// Flow run benchmark of @agentspec/mastra (DESIGN §10): a generated chain flow
// of 100 nodes (LlmNode / ToolNode alternating) compiled by compileMastra into
// a Mastra workflow, against the same workflow written by hand in Mastra — one
// createStep per node with Zod schemas, `.then` between them, the LlmNode
// steps calling a Mastra Agent with the rendered prompt, the ToolNode steps
// calling the tool — both run with Mastra's own `createRun().start()` on the
// same in-process instant model (an object implementing the AI SDK's
// LanguageModel v4 spec) and Mastra's in-memory store. Reports the per-node
// time of each and their ratio, and for scale the same flow through
// mastraRuntime's session.
// Run: node --expose-gc dist/mastra.js [--quick]   (BENCH_NODES=100, BENCH_RUNS=10)
import { pathToFileURL } from 'node:url';
import { deserialize } from '@agentspec/core';
import type { ToolRegistry } from '@agentspec/runtime';
import { compileMastra, mastraRuntime } from '@agentspec/mastra';
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { InMemoryStore } from '@mastra/core/storage';
import { createStep, createWorkflow, type AnyWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';
import { chainFlowDocument, chainFlowTools } from './chain-flow.js';
import { instantModel } from './instant-model.js';
import { fastestInterleavedAsync } from './measure.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

/** Nodes of the chains: BENCH_NODES, else 100 (40 in a quick run: a Mastra LlmNode chain of 100 takes 0.2–0.5 s a run here). */
const nodesOf = (options: BenchOptions) => Number(process.env.BENCH_NODES ?? (options.quick ? 40 : 100));
const ANSWER = 'rewritten text';

/** A LanguageModel (v4) that answers at once, without I/O (Mastra agents stream, so doStream too). */
const INSTANT = instantModel(() => ({ type: 'text', text: ANSWER }));

/** The same chain with ToolNodes only: what is left is the cost of the workflow steps themselves. */
function toolsOnly(doc: Record<string, unknown>): Record<string, unknown> {
  const referenced = { ...(doc.$referenced_components as Record<string, Record<string, unknown>>) };
  for (const [id, c] of Object.entries(referenced)) {
    if (c.component_type !== 'LlmNode') continue;
    const i = id.slice('node_'.length);
    const { llm_config: _l, prompt_template: _p, ...rest } = c;
    referenced[id] = { ...rest, component_type: 'ToolNode', tool: { component_type: 'ServerTool', id: `tool_${i}`, name: `tool_${i}`, description: 'Transforms text', metadata: {}, inputs: c.inputs, outputs: c.outputs } };
  }
  return { ...doc, $referenced_components: referenced };
}

/** The chain by hand in Mastra: what a Mastra user would write for this flow. */
function handWritten(nodes: number, tools: ToolRegistry, withLlm: boolean): { workflow: AnyWorkflow; agent: Agent } {
  const agent = new Agent({ id: 'writer', name: 'writer', instructions: '', model: INSTANT as never, maxRetries: 2 });
  const text = z.object({ text: z.string() });
  let wf = createWorkflow({ id: 'by_hand', inputSchema: text, outputSchema: text }) as unknown as AnyWorkflow;
  for (let i = 1; i <= nodes - 2; i++) {
    const step = withLlm && i % 2 === 1
      ? createStep({ id: `node_${i}`, inputSchema: text, outputSchema: text, execute: async ({ inputData }) => ({ text: (await agent.generate([{ role: 'user', content: `Rewrite: ${inputData.text}` }])).text }) })
      : createStep({ id: `node_${i}`, inputSchema: text, outputSchema: text, execute: async ({ inputData }) => ({ text: String(await tools[`tool_${i}`]!({ text: inputData.text })) }) });
    wf = wf.then(step as never) as AnyWorkflow;
  }
  return { workflow: wf.commit() as AnyWorkflow, agent };
}

/** One run of a registered workflow with Mastra's createRun().start(). */
function mastraRun(workflows: Record<string, AnyWorkflow>, agents: Record<string, Agent>, id: string, check: (result: Record<string, unknown>) => void): () => Promise<void> {
  const mastra = new Mastra({ workflows, agents, storage: new InMemoryStore(), logger: false } as never);
  return async () => {
    const run = await mastra.getWorkflow(id).createRun();
    const r = await run.start({ inputData: { text: 'hello' } }) as { status: string; result?: Record<string, unknown> };
    if (r.status !== 'success') throw new Error(`the workflow did not succeed: ${r.status}`);
    check(r.result ?? {});
  };
}

const expectText = (answer: string) => (r: Record<string, unknown>) => {
  if (r.text !== answer) throw new Error(`unexpected output ${JSON.stringify(r.text)}`);
};

/** Times the compiled workflow, the hand-written one and the runtime session on one chain. */
async function measure(nodes: number, doc: Record<string, unknown>, withLlm: boolean, runs: number, withSession: boolean): Promise<{ byHand: number; compiled: number; session: number }> {
  const tools = chainFlowTools(nodes);
  const component = deserialize(doc);
  const compiled = compileMastra(component, { tools, model: INSTANT as never, limits: { maxSteps: 10 * nodes } });
  if (compiled.kind !== 'workflow') throw new Error('expected a workflow');
  const hand = handWritten(nodes, tools, withLlm);
  const check = expectText(withLlm ? ANSWER : 'hello');
  const compiledRun = mastraRun({ [compiled.workflow.id]: compiled.workflow }, compiled.agents as Record<string, Agent>, compiled.workflow.id, check);
  const handRun = mastraRun({ by_hand: hand.workflow }, { writer: hand.agent }, 'by_hand', check);
  const app = await mastraRuntime({ model: INSTANT as never }).load(component, { tools, limits: { maxSteps: 10 * nodes } });
  const sessionRun = async () => {
    const s = await app.start({ inputs: { text: 'hello' } }).run();
    if (s.type !== 'finished') throw new Error(`the flow did not finish: ${s.type}`);
  };
  // Interleaved (one sample of each in turn) until every fastest sample settles: JIT warm-up and a busy machine favour no one.
  const subjects: Record<string, () => Promise<void>> = { byHand: handRun, compiled: compiledRun, ...(withSession ? { session: sessionRun } : {}) };
  const best = await fastestInterleavedAsync(subjects, { min: Math.min(5, runs), max: runs + 2, warmups: 3 });
  await app.close();
  return { byHand: best.byHand!, compiled: best.compiled!, session: best.session ?? Infinity };
}

const CHAINS = [['LlmNode / ToolNode', (n: number) => chainFlowDocument(n), true], ['ToolNodes only', (n: number) => toolsOnly(chainFlowDocument(n)), false]] as const;

export interface MastraResult {
  readonly chain: string;
  readonly byHand: number;
  readonly compiled: number;
  readonly session: number;
}

/** Both chains; the mastraRuntime session (reported, for scale) only in a full run. */
export async function measureMastra(options: BenchOptions): Promise<{ nodes: number; runs: number; results: MastraResult[] }> {
  const nodes = nodesOf(options);
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 3 : 8));
  const results: MastraResult[] = [];
  for (const [chain, doc, withLlm] of CHAINS) results.push({ chain, ...(await measure(nodes, doc(nodes), withLlm, runs, !options.quick)) });
  return { nodes, runs, results };
}

export async function mastraBenchmark(options: BenchOptions): Promise<Row[]> {
  const { nodes, results } = await measureMastra(options);
  return results.flatMap((m) => [
    row('mastra', `${nodes}-node ${m.chain} chain, instant model`, { name: 'compileMastra workflow', value: m.compiled, unit: 'ms' }, { name: 'workflow by hand', value: m.byHand, unit: 'ms' },
      TARGETS.compiled, 'DESIGN §10: compiled per-node overhead ≤ 1.25× the same workflow by hand'),
    row('mastra', `${nodes}-node ${m.chain} chain, instant model`, { name: 'mastraRuntime session', value: m.session, unit: 'ms' }, { name: 'workflow by hand', value: m.byHand, unit: 'ms' },
      null, 'the session through mastraRuntime is reported, for scale'),
  ].filter((r) => Number.isFinite(r.subject.value)));
}

async function main(): Promise<void> {
  const { nodes, runs, results } = await measureMastra({ quick: process.argv.includes('--quick') });
  const perNode = (ms: number) => (ms / nodes) * 1000;
  console.log(`${nodes}-node chain flows, in-process instant model, Mastra in-memory store, fastest of up to ${runs + 2} interleaved runs${gc ? '' : ' (run node with --expose-gc for GC-isolated samples)'}`);
  console.log('| chain | workflow | run | per node | ratio |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const m of results) {
    const name = m.chain;
    console.log(`| ${name} | written by hand in Mastra | ${m.byHand.toFixed(2)} ms | ${perNode(m.byHand).toFixed(1)} µs | 1.00× |`);
    console.log(`| ${name} | compiled by compileMastra | ${m.compiled.toFixed(2)} ms | ${perNode(m.compiled).toFixed(1)} µs | ${(m.compiled / m.byHand).toFixed(2)}× |`);
    if (Number.isFinite(m.session)) console.log(`| ${name} | for scale: mastraRuntime session | ${m.session.toFixed(2)} ms | ${perNode(m.session).toFixed(1)} µs | ${(m.session / m.byHand).toFixed(2)}× |`);
  }
}

// run when executed, not when imported (the runner imports mastraBenchmark)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
