import { deserialize, type Agent } from '@agentspec/core';
import { startScriptedLlm, type Rule, type ScriptedLlm } from '@agentspec/testing';
import type { Agent as MastraAgent } from '@mastra/core/agent';
import { afterEach, describe, expect, it } from 'vitest';
import { compileMastra, type MastraCompiled } from '../src/index.js';
import { prepareEmittedDir, writeEmitted } from './emit-helpers.js';

/**
 * An agent with outputs run alone, as a Mastra user runs it: `agent.generate()`
 * with no @agentspec runtime around it. A valid submit_result ends the run
 * (the agent's own `stopWhen`); an invalid one goes back to the LLM;
 * `maxSteps` still stops an agent that never submits.
 */
const WEATHER = deserialize(`
component_type: Agent
id: weather_agent
name: Weather assistant
system_prompt: You tell the weather. Use get_forecast, then submit_result.
outputs: [{title: summary, type: string, description: One sentence.}]
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: scripted-model, url: "http://127.0.0.1:9"}
tools:
  - {component_type: ServerTool, id: get_forecast, name: get_forecast, description: The forecast for a city., inputs: [{title: city, type: string}]}
agentspec_version: 25.4.2
`) as Agent;

const tools = { get_forecast: ({ city }: Record<string, unknown>) => `sunny in ${String(city)}` };

const RULES: Rule[] = [
  // reached only if the agent went on after a valid submission
  { match: { lastToolResult: { tool: 'submit_result', contains: 'Result submitted.' } }, answer: { text: 'Anything else?' } },
  { match: { lastToolResult: { tool: 'submit_result', contains: 'invalid submission' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Sunny, second try.' } }] } },
  { match: { lastToolResult: { tool: 'get_forecast', contains: 'Bern' } }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Bern' } }] } },
  { match: { lastToolResult: { tool: 'get_forecast' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Sunny in Zurich.' } }] } },
  { match: { lastUserMessage: 'What is the weather in Zurich?' }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Zurich' } }] } },
  { match: { lastUserMessage: 'Submit nothing.' }, answer: { toolCalls: [{ name: 'submit_result', arguments: {} }] } },
  { match: { lastUserMessage: 'Never submit.' }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Bern' } }] } },
];

interface GenerateResult {
  readonly toolResults: readonly { readonly payload: { readonly toolName: string; readonly args?: unknown; readonly result?: unknown } }[];
}

type Build = (llm: ScriptedLlm, maxAgentSteps?: number) => Promise<MastraAgent>;

const BUILDS: Record<string, Build> = {
  async compileMastra(llm, maxAgentSteps) {
    const c = compileMastra(WEATHER, { tools, llm: { override: { url: llm.url } }, ...(maxAgentSteps ? { limits: { maxAgentSteps } } : {}) });
    if (c.kind !== 'agent') throw new Error('expected an agent');
    return c.agent;
  },
  async emitMastra(llm, maxAgentSteps) {
    prepareEmittedDir();
    const mod = await import(/* @vite-ignore */ writeEmitted(WEATHER)) as { build(o: unknown): MastraCompiled };
    const built = mod.build({ tools, llm: { baseURL: llm.url }, ...(maxAgentSteps ? { maxAgentSteps } : {}) });
    if (built.kind !== 'agent') throw new Error('expected an agent');
    return built.agent;
  },
};

let llm: ScriptedLlm | undefined;
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

async function generate(build: Build, message: string, maxAgentSteps?: number): Promise<{ result: GenerateResult; requests: number }> {
  llm = await startScriptedLlm({ strict: true, rules: RULES });
  const agent = await build(llm, maxAgentSteps);
  const result = await agent.generate(message) as unknown as GenerateResult;
  return { result, requests: llm.requests.length };
}

const submissions = (r: GenerateResult) => r.toolResults.filter((t) => t.payload.toolName === 'submit_result').map((t) => ({ args: t.payload.args, result: t.payload.result }));

describe.each(Object.entries(BUILDS))('an agent with outputs run alone (%s, agent.generate)', (_name, build) => {
  it('stops after a valid submit_result: 2 LLM requests, the outputs in toolResults', async () => {
    const { result, requests } = await generate(build, 'What is the weather in Zurich?');
    expect(requests).toBe(2);
    expect(result.toolResults.map((t) => t.payload.toolName)).toEqual(['get_forecast', 'submit_result']);
    expect(submissions(result)).toEqual([{ args: { summary: 'Sunny in Zurich.' }, result: 'Result submitted.' }]);
  });

  it('hands an invalid submission back to the LLM, then stops after the valid one', async () => {
    const { result, requests } = await generate(build, 'Submit nothing.');
    expect(requests).toBe(2);
    const [invalid, valid] = submissions(result);
    expect(invalid?.args).toEqual({});
    expect(String(invalid?.result)).toMatch(/^invalid submission: 'summary' is missing/);
    expect(valid).toEqual({ args: { summary: 'Sunny, second try.' }, result: 'Result submitted.' });
  });

  it('still stops after maxSteps LLM turns when nothing is submitted', async () => {
    const { result, requests } = await generate(build, 'Never submit.', 3);
    expect(requests).toBe(3);
    expect(submissions(result)).toEqual([]);
  });
});

describe('the stop condition of a compiled agent', () => {
  it('is the agent\'s default stopWhen with submit_result, and absent with native structured output', async () => {
    const a = compileMastra(WEATHER);
    const b = compileMastra(WEATHER, { structuredOutput: 'native' });
    if (a.kind !== 'agent' || b.kind !== 'agent') throw new Error('expected agents');
    expect(typeof (await a.agent.getDefaultOptions() as { stopWhen?: unknown }).stopWhen).toBe('function');
    expect((await b.agent.getDefaultOptions() as { stopWhen?: unknown }).stopWhen).toBeUndefined();
  });
});
