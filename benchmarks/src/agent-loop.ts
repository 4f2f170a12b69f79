// The agent loop benchmark (DESIGN §10, the performance issue): one agent with
// one tool over a few turns — it looks two cities up, one after the other,
// then submits the answer through submit_result (three LLM calls, two tool
// calls) — run by a runtime of this library against the same agent written by
// hand the way the framework's docs write one, in the same process run:
//   - AI SDK: aiSdkRuntime ÷ a ToolLoopAgent with the two tools and
//     `stopWhen: hasToolCall('submit_result')`, both on one in-process instant
//     LanguageModel (no I/O, so only the runtime's own overhead is measured);
//   - OpenAI Agents SDK: openaiAgentsRuntime ÷ an SDK `Agent` with `tool(...)`s,
//     `toolUseBehavior: { stopAtToolNames: ['submit_result'] }` and `run()`, both
//     on a Chat Completions model of the scripted LLM server on loopback (the
//     runtime takes no model object; the same requests on both sides).
// Run: node --expose-gc dist/agent-loop.js [--quick]   (BENCH_RUNS=20)
import { pathToFileURL } from 'node:url';
import { deserialize, type Component } from '@agentspec/core';
import type { Runtime, ToolRegistry } from '@agentspec/runtime';
import { aiSdkRuntime } from '@agentspec/ai-sdk';
import { openaiAgentsRuntime } from '@agentspec/openai-agents';
import { startScriptedLlm } from '@agentspec/testing';
import { Agent, OpenAIChatCompletionsModel, Runner, setTracingDisabled, tool as agentsTool } from '@openai/agents';
import { hasToolCall, jsonSchema, tool, ToolLoopAgent } from 'ai';
import OpenAI from 'openai';
import { LOOKUP_AGENT, LOOKUP_INSTRUCTIONS } from './lookup-agent.js';
import { instantModel } from './instant-model.js';
import { fastestAsync } from './measure.js';
import { row, TARGETS, type BenchOptions, type Row } from './row.js';

const INSTRUCTIONS = LOOKUP_INSTRUCTIONS;
const QUESTION = 'Which country are Rome and Milan in?';
const CITIES = ['Rome', 'Milan'] as const;

/** The agent: one ServerTool (`lookup`), one output (so it finishes through submit_result); it looks both cities up. */
export const LOOP_AGENT = LOOKUP_AGENT;

const lookup = async ({ city }: Record<string, unknown>) => ({ country: 'Italy', city: String(city) });
const TOOLS: ToolRegistry = { lookup };

/** The scripted server's rules: lookup Rome, then Milan, then submit_result. */
const RULES = {
  rules: [
    { match: { lastToolResult: { tool: 'lookup', contains: 'Milan' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'Italy' } }] } },
    { match: { lastToolResult: { tool: 'lookup', contains: 'Rome' } }, answer: { toolCalls: [{ name: 'lookup', arguments: { city: 'Milan' } }] } },
  ],
  defaultAnswer: { toolCalls: [{ name: 'lookup', arguments: { city: 'Rome' } }] },
};

/** The AI SDK side: a LanguageModel answering at once with the same script (by the tool results in the prompt). */
const INSTANT = instantModel((prompt) => {
  const looked = prompt.filter((m) => m.role === 'tool').length;
  const [toolName, input] = looked < CITIES.length ? ['lookup', { city: CITIES[looked] }] : ['submit_result', { answer: 'Italy' }];
  return { type: 'tool-call', toolCallId: `call_${looked}`, toolName, input: JSON.stringify(input) };
});

/** One question to a runtime's app of the agent, run to finished. */
async function runtimeRun(runtime: Runtime, load: Record<string, unknown>): Promise<{ run: () => Promise<void>; close: () => Promise<void> }> {
  const app = await runtime.load(deserialize(LOOP_AGENT) as Component, { tools: TOOLS, ...load });
  return {
    async run() {
      const session = app.start();
      session.appendUserMessage(QUESTION);
      const status = await session.run();
      if (status.type !== 'finished' || status.outputs.answer !== 'Italy') throw new Error(`the agent ended ${JSON.stringify(status).slice(0, 200)}`);
    },
    close: () => app.close(),
  };
}

/** The AI SDK by hand: a ToolLoopAgent, as the AI SDK's docs write an agent with tools. */
function aiSdkByHand(): () => Promise<void> {
  const agent = new ToolLoopAgent({
    model: INSTANT,
    instructions: INSTRUCTIONS,
    tools: {
      lookup: tool({ description: 'Look a city up.', inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }), execute: lookup }),
      submit_result: tool({ description: 'Submit the final answer.', inputSchema: jsonSchema<{ answer: string }>({ type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] }), execute: async () => 'Result submitted.' }),
    },
    stopWhen: hasToolCall('submit_result'),
  });
  return async () => {
    const result = await agent.generate({ prompt: QUESTION });
    const answer = result.steps.flatMap((s) => s.toolCalls).find((c) => c.toolName === 'submit_result')?.input as { answer?: string } | undefined;
    if (answer?.answer !== 'Italy') throw new Error('the hand-written AI SDK agent did not submit the answer');
  };
}

/** The OpenAI Agents SDK by hand: an `Agent` with `tool(...)`s on a Chat Completions model, stopping at submit_result. */
function openaiAgentsByHand(url: string): () => Promise<void> {
  const model = new OpenAIChatCompletionsModel(new OpenAI({ baseURL: url, apiKey: 'sk-bench' }), 'scripted-model');
  const agent = new Agent({
    name: 'loop agent', instructions: INSTRUCTIONS, model,
    tools: [
      agentsTool({
        name: 'lookup', description: 'Look a city up.',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
        execute: async (input) => JSON.stringify(await lookup(input as Record<string, unknown>)),
      }),
      agentsTool({
        name: 'submit_result', description: 'Submit the final answer.',
        parameters: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false },
        execute: async () => 'Result submitted.',
      }),
    ],
    toolUseBehavior: { stopAtToolNames: ['submit_result'] },
  });
  const runner = new Runner({ tracingDisabled: true });
  return async () => {
    const result = await runner.run(agent, QUESTION);
    if (result.finalOutput !== 'Result submitted.') throw new Error(`the hand-written OpenAI agent ended with ${String(result.finalOutput)}`);
  };
}

export interface AgentLoopResult {
  readonly runs: number;
  readonly aiSdk: number;
  readonly aiSdkByHand: number;
  readonly openaiAgents: number;
  readonly openaiAgentsByHand: number;
}

/** Three rounds, interleaved, keeping each subject's fastest run. */
export async function measureAgentLoop(options: BenchOptions): Promise<AgentLoopResult> {
  const runs = Number(process.env.BENCH_RUNS ?? (options.quick ? 8 : 20));
  setTracingDisabled(true);
  const server = await startScriptedLlm(RULES);
  try {
    const aiSdk = await runtimeRun(aiSdkRuntime({ model: INSTANT }), {});
    const openai = await runtimeRun(openaiAgentsRuntime(), { llm: { override: { url: server.url, apiKey: 'sk-bench', model: 'scripted-model' } } });
    const aiHand = aiSdkByHand();
    const openaiHand = openaiAgentsByHand(server.url);
    const best = { aiSdk: Infinity, aiSdkByHand: Infinity, openaiAgents: Infinity, openaiAgentsByHand: Infinity };
    for (let round = 0; round < 3; round++) {
      best.aiSdk = Math.min(best.aiSdk, await fastestAsync(aiSdk.run, runs, 5));
      best.aiSdkByHand = Math.min(best.aiSdkByHand, await fastestAsync(aiHand, runs, 5));
      best.openaiAgents = Math.min(best.openaiAgents, await fastestAsync(openai.run, runs, 3));
      best.openaiAgentsByHand = Math.min(best.openaiAgentsByHand, await fastestAsync(openaiHand, runs, 3));
    }
    await Promise.all([aiSdk.close(), openai.close()]);
    return { runs, ...best };
  } finally {
    await server.close();
  }
}

export async function agentLoopBenchmark(options: BenchOptions): Promise<Row[]> {
  const r = await measureAgentLoop(options);
  const note = 'DESIGN §10: the compiled agent loop ≤ 1.25× the same agent written by hand in the framework';
  return [
    row('agent-loop', 'agent, one tool, 3 LLM turns, ai-sdk (instant model)', { name: 'aiSdkRuntime', value: r.aiSdk, unit: 'ms' },
      { name: 'ToolLoopAgent by hand', value: r.aiSdkByHand, unit: 'ms' }, TARGETS.compiled, note),
    row('agent-loop', 'agent, one tool, 3 LLM turns, openai-agents (scripted server)', { name: 'openaiAgentsRuntime', value: r.openaiAgents, unit: 'ms' },
      { name: 'SDK Agent + run() by hand', value: r.openaiAgentsByHand, unit: 'ms' }, TARGETS.compiled, note),
  ];
}

async function main(): Promise<void> {
  const r = await measureAgentLoop({ quick: process.argv.includes('--quick') });
  console.log(`agent loop (lookup × 2, submit_result: 3 LLM calls), fastest of 3 × ${r.runs} runs`);
  console.log('| framework | runtime | by hand | ratio |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(`| AI SDK (instant model) | ${r.aiSdk.toFixed(2)} ms | ${r.aiSdkByHand.toFixed(2)} ms | ${(r.aiSdk / r.aiSdkByHand).toFixed(2)}× |`);
  console.log(`| OpenAI Agents (scripted server) | ${r.openaiAgents.toFixed(2)} ms | ${r.openaiAgentsByHand.toFixed(2)} ms | ${(r.openaiAgents / r.openaiAgentsByHand).toFixed(2)}× |`);
}

// run when executed, not when imported (the runner imports agentLoopBenchmark)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
