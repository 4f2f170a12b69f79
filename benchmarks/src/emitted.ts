// `agentspec compile` benchmark (DESIGN §10): do the modules it writes run as
// fast as the objects the in-memory compilers build? Each pair does the same
// work in this process run against one scripted LLM server on loopback (the
// same HTTP requests), interleaved, fastest of several samples:
//   1. the weather agent (a ServerTool, then submit_result: 2 LLM calls) on each
//      framework, run with the framework's own API (graph.invoke, generate, run);
//   2. a 20-LlmNode chain flow on LangGraph and on Mastra (20 LLM calls);
// and how long emitting takes per node for 10 … 1k-node flows.
// Run: node --expose-gc benchmarks/dist/emitted.js [--quick] (after pnpm build; BENCH_RUNS, BENCH_CHAIN, BENCH_SIZES).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MemorySaver } from '@langchain/langgraph';
import { Mastra } from '@mastra/core';
import { InMemoryStore } from '@mastra/core/storage';
import { run as runOpenAiAgent, type Agent as OpenAiAgent } from '@openai/agents';
import ts from 'typescript';
import { deserialize, type Component } from '@agentspec/core';
import { compileAiSdk, emitAiSdk } from '@agentspec/ai-sdk';
import { compileLangGraph, emitLangGraph } from '@agentspec/langgraph';
import { compileMastra, emitMastra } from '@agentspec/mastra';
import { compileOpenAiAgents, emitOpenAiAgents } from '@agentspec/openai-agents';
import { startScriptedLlm, type ScriptedLlmConfig } from '@agentspec/testing';
import { chainFlowDocument, llmChainDocument } from './chain-flow.js';
import { fastest, fastestInterleavedAsync, linearityPairs, type SizePair } from './measure.js';
import { linearityPairRows, row, TARGETS, type BenchOptions, type Row } from './row.js';

const EMITTED_DIR = fileURLToPath(new URL('../.emitted/', import.meta.url));
export const WEATHER = fileURLToPath(new URL('../../examples/specs/weather-agent.yaml', import.meta.url));
const QUESTION = 'What is the weather in Zurich?';
const tools = { get_forecast: ({ city }: Record<string, unknown>) => `sunny, 21°C in ${String(city)}` };

/** The scripted LLM of both benchmarks: the weather agent's two answers, and `ok` for every LlmNode. */
export const BENCH_LLM: ScriptedLlmConfig = {
  rules: [
    { match: { lastToolResult: { tool: 'get_forecast' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Sunny and 21°C in Zurich.' } }] } },
    { match: { lastUserMessage: { contains: 'weather' } }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Zurich' } }] } },
  ],
  defaultAnswer: { text: 'ok' },
};

/** A generated module as JavaScript (type-only syntax removed), imported from benchmarks/.emitted/. */
export async function importEmitted(name: string, code: string): Promise<Record<string, unknown>> {
  mkdirSync(EMITTED_DIR, { recursive: true });
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true } }).outputText;
  const file = join(EMITTED_DIR, `${name}.mjs`);
  writeFileSync(file, js);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

type Build = (options: Record<string, unknown>) => Record<string, unknown>;
type Run = () => Promise<unknown>;

/** One agent question, on the in-memory compiled object and on the emitted module's, by framework. */
export interface AgentPair { readonly compiled: Run; readonly emitted: Run }

export async function agentPairs(agent: Component, url: string): Promise<Record<string, AgentPair>> {
  const override = { llm: { override: { url, apiKey: 'bench' } } };
  const llm = { baseURL: url, apiKey: 'bench' };
  const summary = (value: unknown) => {
    if (!JSON.stringify(value).includes('Sunny and 21')) throw new Error(`unexpected result ${JSON.stringify(value).slice(0, 200)}`);
  };
  const built = async (name: string, code: string, options: Record<string, unknown>) => ((await importEmitted(name, code)).build as Build)(options);

  const langgraph = (graph: unknown) => async () => {
    const g = graph as { invoke(input: unknown, config: unknown): Promise<Record<string, unknown>> };
    summary((await g.invoke({ messages: [{ role: 'user', content: QUESTION }] }, { configurable: { thread_id: String(Math.random()) } })).summary);
  };
  const aiSdk = (agentObject: unknown) => async () => {
    const a = agentObject as { generate(o: { prompt: string }): Promise<{ steps: { toolResults: { toolName: string; output: unknown }[] }[] }> };
    summary((await a.generate({ prompt: QUESTION })).steps.flatMap((s) => s.toolResults).find((r) => r.toolName === 'submit_result')?.output);
  };
  const openai = (compiled: Record<string, unknown>) => async () => {
    summary((await runOpenAiAgent(compiled.agent as OpenAiAgent, QUESTION, compiled.runOptions as { maxTurns: number })).finalOutput);
  };
  const mastra = (agentObject: unknown) => async () => {
    const a = agentObject as { generate(q: string): Promise<{ toolResults: { payload: { toolName: string; args: unknown } }[] }> };
    summary((await a.generate(QUESTION)).toolResults.find((r) => r.payload.toolName === 'submit_result')?.payload.args);
  };

  const saver = new MemorySaver();
  return {
    langgraph: {
      compiled: langgraph(compileLangGraph(agent, { tools, ...override, checkpointer: saver }).graph),
      emitted: langgraph((await built('agent-langgraph', emitLangGraph(agent).code, { tools, llm, checkpointer: saver })).graph),
    },
    'ai-sdk': {
      compiled: aiSdk(compileAiSdk(agent, { tools, ...override }).agent),
      emitted: aiSdk((await built('agent-ai-sdk', emitAiSdk(agent).code, { tools, llm })).agent),
    },
    'openai-agents': {
      compiled: openai(compileOpenAiAgents(agent, { tools, ...override }) as unknown as Record<string, unknown>),
      emitted: openai(await built('agent-openai-agents', emitOpenAiAgents(agent).code, { tools, llm })),
    },
    mastra: {
      compiled: mastra((compileMastra(agent, { tools, ...override }) as { agent: unknown }).agent),
      emitted: mastra((await built('agent-mastra', emitMastra(agent).code, { tools, llm })).agent),
    },
  };
}

/** The 20-LlmNode chain on LangGraph (graph.invoke) and Mastra (createRun().start()), compiled and emitted. */
export async function flowPairs(flow: Component, url: string): Promise<Record<string, AgentPair>> {
  const llm = { baseURL: url, apiKey: 'bench' };
  const override = { llm: { override: { url, apiKey: 'bench' } } };
  const check = (text: unknown) => {
    if (text !== 'ok') throw new Error(`unexpected flow output ${JSON.stringify(text)}`);
  };
  const langgraph = (graph: unknown) => async () => {
    check((await (graph as { invoke(i: unknown): Promise<{ text?: unknown }> }).invoke({ text: 'x' })).text);
  };
  const mastra = (compiled: Record<string, unknown>) => {
    const workflow = compiled.workflow as { id: string };
    const app = new Mastra({ workflows: { [workflow.id]: workflow }, agents: compiled.agents, storage: new InMemoryStore(), logger: false } as never);
    return async () => {
      const r = await (await app.getWorkflow(workflow.id).createRun()).start({ inputData: { text: 'x' } }) as { status: string; result?: { text?: unknown } };
      if (r.status !== 'success') throw new Error(`the workflow did not succeed: ${r.status}`);
      check(r.result?.text);
    };
  };
  const emittedLangGraph = (await importEmitted('flow-langgraph', emitLangGraph(flow).code)).build as Build;
  const emittedMastra = (await importEmitted('flow-mastra', emitMastra(flow).code)).build as Build;
  return {
    langgraph: { compiled: langgraph(compileLangGraph(flow, override).graph), emitted: langgraph(emittedLangGraph({ llm }).graph) },
    mastra: {
      compiled: mastra(compileMastra(flow, override) as unknown as Record<string, unknown>),
      emitted: mastra(emittedMastra({ llm })),
    },
  };
}

/**
 * Both sides of a pair, interleaved, until both fastest samples settle, so that both see the same machine. `warmups`
 * calls of each first: a run of the weather agent takes a few milliseconds, and after 2 calls the JIT had not reached
 * either side's code yet (the emitted OpenAI Agents row read 1.05–1.29× from one run to the next).
 */
function ratio(pair: AgentPair, runs: number, warmups = 2): Promise<{ compiled: number; emitted: number }> {
  return fastestInterleavedAsync({ compiled: pair.compiled, emitted: pair.emitted }, { min: Math.min(5, runs), max: 3 * runs, warmups });
}

export interface PairResult {
  readonly name: string;
  readonly compiled: number;
  readonly emitted: number;
}

export interface EmitResult {
  readonly nodes: number;
  readonly langgraph: number;
  readonly mastra: number;
}

/** Every agent pair and flow pair against one scripted LLM server. */
export async function measurePairs(options: BenchOptions): Promise<PairResult[]> {
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 3 : 6));
  const server = await startScriptedLlm(BENCH_LLM);
  const results: PairResult[] = [];
  try {
    const agent = deserialize(readFileSync(WEATHER, 'utf8'));
    for (const [name, pair] of Object.entries(await agentPairs(agent, server.url))) results.push({ name: `weather agent, ${name}`, ...(await ratio(pair, runs, options.quick ? 10 : 30)) });
    const chain = Number(process.env.BENCH_CHAIN ?? (options.quick ? 10 : 20));
    for (const [name, pair] of Object.entries(await flowPairs(deserialize(llmChainDocument(chain)), server.url))) {
      results.push({ name: `${chain}-LlmNode chain flow, ${name}`, ...(await ratio(pair, Math.max(3, Math.floor(runs / 2)))) });
    }
  } finally {
    await server.close();
  }
  return results;
}

/** emitLangGraph and emitMastra of chain flows (BENCH_SIZES, else 10, 100, 1k; 50 and 500 in a quick run). */
export function measureEmit(options: BenchOptions): EmitResult[] {
  const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : options.quick ? [50, 500] : [10, 100, 1_000];
  return sizes.map((n) => {
    const flow = deserialize(chainFlowDocument(n));
    const samples = n >= 500 ? 3 : options.quick ? 5 : 10;
    return { nodes: n, langgraph: fastest(() => emitLangGraph(flow), samples), mastra: fastest(() => emitMastra(flow), samples) };
  });
}

/** emitLangGraph and emitMastra per node at neighbouring sizes, with the same work per sample (linearityPairs): 100 → 1k (50 → 500 in a quick run; BENCH_SIZES). */
export function measureEmitLinearity(options: BenchOptions): { langgraph: SizePair[]; mastra: SizePair[] } {
  const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : options.quick ? [50, 500] : [100, 1_000];
  const flows = new Map(sizes.map((n) => [n, deserialize(chainFlowDocument(n))]));
  const sampling = { min: 2, max: 4, patience: 1, tolerance: 0.03, warmups: 1 };
  return {
    langgraph: linearityPairs(sizes, (n) => () => emitLangGraph(flows.get(n)!), sampling),
    mastra: linearityPairs(sizes, (n) => () => emitMastra(flows.get(n)!), sampling),
  };
}

export async function emittedBenchmark(options: BenchOptions): Promise<Row[]> {
  const pairs = await measurePairs(options);
  const emit = measureEmitLinearity(options);
  return [
    ...pairs.map((p) => row('emitted', p.name, { name: 'emitted module', value: p.emitted, unit: 'ms' }, { name: 'in-memory compile', value: p.compiled, unit: 'ms' },
      TARGETS.compiled, 'an emitted module runs within 1.25× of the in-memory compiled object (same requests to a scripted LLM on loopback)')),
    ...linearityPairRows('emitted', 'emitLangGraph', emit.langgraph),
    ...linearityPairRows('emitted', 'emitMastra', emit.mastra),
  ];
}

async function main(): Promise<void> {
  const options = { quick: process.argv.includes('--quick') };
  console.log('## Emitted modules ÷ in-memory compile (same requests to a scripted LLM on loopback)\n');
  console.log('| what | in-memory compile | emitted module | emitted ÷ in-memory |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const m of await measurePairs(options)) console.log(`| ${m.name} | ${m.compiled.toFixed(2)} ms | ${m.emitted.toFixed(2)} ms | ${(m.emitted / m.compiled).toFixed(2)}× |`);
  console.log('\n## Emitting a chain flow (LlmNode / ToolNode alternating)\n');
  console.log('| nodes | emitLangGraph | per node | emitMastra | per node |');
  console.log('| ---: | ---: | ---: | ---: | ---: |');
  for (const { nodes: n, langgraph: lg, mastra: ma } of measureEmit(options)) {
    console.log(`| ${n} | ${lg.toFixed(2)} ms | ${((lg * 1000) / n).toFixed(1)} µs | ${ma.toFixed(2)} ms | ${((ma * 1000) / n).toFixed(1)} µs |`);
  }
}

// run when executed, not when imported
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
