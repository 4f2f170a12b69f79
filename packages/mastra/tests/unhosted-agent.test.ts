import { deserialize } from '@agentspec/core';
import type { SessionEnvelope } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { InMemoryStore } from '@mastra/core/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mastraRuntime } from '../src/index.js';

/** An agent whose one tool never stops it (a ServerTool, no confirmation), with an output. */
const LOOKUP = `
component_type: Agent
id: lookup_agent
name: Lookup agent
system_prompt: Look the city up, then submit the answer.
outputs: [{title: answer, type: string}]
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:9"}
tools:
  - {component_type: ServerTool, id: lookup, name: lookup, description: Look a city up, inputs: [{title: city, type: string}], outputs: [{title: country, type: string}]}
agentspec_version: 25.4.1
`;

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    rules: [{ match: { lastToolResult: { tool: 'lookup', contains: 'Italy' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'Italy' } }] } }],
    defaultAnswer: { toolCalls: [{ name: 'lookup', arguments: { city: 'Rome' } }] },
  });
});
afterAll(() => llm.close());

describe('an agent whose tools never stop it', () => {
  it("runs outside the app's Mastra: its loop leaves no snapshot in the store, even mid-run", async () => {
    const store = new InMemoryStore();
    const seen: number[] = [];
    const app = await mastraRuntime({ storage: store }).load(deserialize(LOOKUP), {
      llm: { override: { url: llm.url } },
      tools: {
        lookup: async () => {
          const workflows = await store.getStore('workflows');
          seen.push((await workflows!.listWorkflowRuns({ perPage: false })).runs.length);
          return { country: 'Italy' };
        },
      },
    });
    const session = app.start();
    session.appendUserMessage('Where is Rome?');
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { answer: 'Italy' } });
    expect(seen).toEqual([0]);
    await app.close();
  });

  it.each([['run', false], ['streamed (Mastra\'s stream API)', true]])("records each LLM answer and tool result of a run in the session's ledger (bound to the run's abort signal): %s", async (_, streamed) => {
    const app = await mastraRuntime().load(deserialize(LOOKUP), { llm: { override: { url: llm.url } }, tools: { lookup: async () => ({ country: 'Italy' }) } });
    const ledgers: string[][] = [];
    const session = app.start({ checkpoints: { write: async (saved: SessionEnvelope) => void ledgers.push((saved.ledger ?? []).map((e) => e.kind)) } });
    session.appendUserMessage('Where is Rome?');
    if (streamed) {
      const types: string[] = [];
      for await (const e of session.stream()) types.push(e.type);
      expect(types.at(-1)).toBe('RunStatus');
    } else expect((await session.run()).type).toBe('finished');
    // the run's start, a checkpoint per record, its end (the ledger cleared)
    expect(ledgers).toEqual([[], ['llm'], ['llm', 'tool'], ['llm', 'tool', 'llm'], []]);
    await app.close();
  });
});
