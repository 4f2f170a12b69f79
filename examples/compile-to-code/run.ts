// Runs the four generated modules of generated/ with each framework's own API
// — no @agentspec runtime involved — against the scripted LLM server (offline),
// and checks that they give the same answer. `pnpm start` in this folder.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { MemorySaver } from '@langchain/langgraph';
import { run } from '@openai/agents';
import { loadRulesFile, startScriptedLlm } from '@agentspec/testing';
import { tools } from '../tools/weather.js';
import * as aiSdk from './generated/weather-agent.ai-sdk.js';
import * as langgraph from './generated/weather-agent.langgraph.js';
import * as mastra from './generated/weather-agent.mastra.js';
import * as openaiAgents from './generated/weather-agent.openai-agents.js';

const QUESTION = 'What is the weather in Zurich?';

/** What one framework answered: the agent's `summary` output, and the LLM requests it took. */
export interface Answer {
  readonly framework: string;
  readonly summary: unknown;
  readonly llmCalls: number;
}

type Runner = (llm: { baseURL: string; apiKey: string }) => Promise<unknown>;

/** Each module built and run the way its framework runs an agent; the `summary` it finished with. */
const RUNNERS: Readonly<Record<string, Runner>> = {
  async langgraph(llm) {
    const { graph } = langgraph.build({ tools, llm, checkpointer: new MemorySaver() });
    const state = await graph.invoke({ messages: [{ role: 'user', content: QUESTION }] }, { configurable: { thread_id: randomUUID() } });
    return (state as { summary?: unknown }).summary;
  },
  async 'ai-sdk'(llm) {
    const { agent, close } = aiSdk.build({ tools, llm });
    const result = await agent.generate({ prompt: QUESTION });
    await close();
    const submitted = result.steps.flatMap((step) => step.toolResults).find((r) => r.toolName === 'submit_result');
    return (submitted?.output as { summary?: unknown } | undefined)?.summary;
  },
  async 'openai-agents'(llm) {
    const { agent, runOptions, close } = openaiAgents.build({ tools, llm });
    const result = await run(agent, QUESTION, runOptions);
    await close();
    // the final output is the submitted outputs as JSON (or, with structuredOutput: 'native', the SDK's parsed output)
    return (JSON.parse(String(result.finalOutput)) as { summary?: unknown }).summary;
  },
  async mastra(llm) {
    const { agent, close } = mastra.build({ tools, llm });
    const result = await agent.generate(QUESTION);
    await close();
    const submitted = result.toolResults.find((r) => r.payload.toolName === 'submit_result');
    return (submitted?.payload.args as { summary?: unknown } | undefined)?.summary;
  },
};

/** Run every module against a scripted LLM answering from ../scripted-llm/weather-agent.yaml. */
export async function runAll(): Promise<Answer[]> {
  const rules = await loadRulesFile(fileURLToPath(new URL('../scripted-llm/weather-agent.yaml', import.meta.url)));
  const answers: Answer[] = [];
  for (const [framework, runner] of Object.entries(RUNNERS)) {
    const server = await startScriptedLlm(rules);
    try {
      const summary = await runner({ baseURL: `${server.url}`, apiKey: 'offline' });
      answers.push({ framework, summary, llmCalls: server.requests.length });
    } finally {
      await server.close();
    }
  }
  return answers;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const answers = await runAll();
  for (const a of answers) console.log(`${a.framework.padEnd(14)} ${JSON.stringify(a.summary)}  (${a.llmCalls} LLM calls)`);
  const same = answers.every((a) => a.summary === answers[0]?.summary && a.llmCalls === answers[0]?.llmCalls);
  console.log(same ? 'all four agree' : 'the frameworks disagree');
  process.exitCode = same ? 0 : 1;
}
