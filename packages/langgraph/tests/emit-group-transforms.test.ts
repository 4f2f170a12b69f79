// The message transforms of a Swarm's agent in an emitted group module: the agents' node steps
// (multiAgentNodes.context(options, root)) apply them with the runtime's transforms before each LLM call.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { emitLangGraph, langgraphRuntime } from '../src/index.js';
import { buildEmitted, emittedBuilds } from './emit-cases.js';

const LONG = 'Hello, my parcel number 42 arrived today and the box was completely crushed.';

/** The Swarm of the conformance case swarm-send-message-never, its Triage summarizing long messages first. */
const SWARM = deserialize(readFileSync(new URL('../../../conformance/cases/multi-agent/swarm-send-message-never/spec.yaml', import.meta.url), 'utf8')
  .replace('agentspec_version: 26.1.0', 'agentspec_version: 26.1.2')
  .replace('    tools: []\n  billing:', `    tools: []
    transforms:
      - component_type: MessageSummarizationTransform
        id: shorten
        name: shorten
        llm: { $component_ref: llm }
        max_message_size: 60
        summarization_instructions: Summarize this message in a few words.
        summarized_message_template: "Summary: {{summary}}"
  billing:`));

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    rules: [
      { match: { systemPromptContains: 'Summarize this message' }, answer: { text: 'parcel 42 crushed' } },
      { match: { systemPromptContains: 'You are Triage' }, answer: { text: 'Sorry about parcel 42.' } },
    ],
    strict: true,
  });
});
afterAll(() => llm.close());

it('applies the transforms of a Swarm\'s agent in its emitted module (the conversation kept as it was)', async () => {
  expect(emitLangGraph(SWARM).code).toContain('multiAgentNodes.context(options, helpDeskSwarm)');
  const builds = emittedBuilds.count;
  const app = await langgraphRuntime({ build: buildEmitted }).load(SWARM, { llm: { override: { url: llm.url } } });
  expect(emittedBuilds.count).toBe(builds + 1);
  const session = app.start();
  session.appendUserMessage(LONG);
  expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{ role: 'user', content: LONG }, { role: 'assistant', content: 'Sorry about parcel 42.' }] });
  expect(llm.requests.map((r) => [r.systemPrompt, r.messages.filter((m) => m.role !== 'system').map((m) => m.content)])).toEqual([
    ['Summarize this message in a few words.', [LONG]],
    [expect.stringContaining('You are Triage.'), ['Summary: parcel 42 crushed']],
  ]);
  await app.close();
});
