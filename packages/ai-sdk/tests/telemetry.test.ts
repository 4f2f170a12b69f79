import { tracingChannel } from 'node:diagnostics_channel';
import { agent as buildAgent, deserialize, openAiCompatibleConfig, type Component } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { AI_SDK_TELEMETRY_TRACING_CHANNEL, registerTelemetry } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSdkRuntime } from '../src/index.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm([{ match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello.' } }, { match: { lastUserMessage: 'Summarize: a text' }, answer: { text: 'short' } }]);
});
afterAll(() => llm.close());

const config = openAiCompatibleConfig({ id: 'llm', name: 'scripted', model_id: 'm', url: 'http://127.0.0.1:1' });
const AGENT = buildAgent({ id: 'a', name: 'Assistant', system_prompt: 'Help.', llm_config: config, tools: [] });
const FLOW = deserialize({
  component_type: 'Flow', id: 'f', name: 'summarize flow', agentspec_version: '25.4.1',
  start_node: { $component_ref: 's' }, nodes: [{ $component_ref: 's' }, { $component_ref: 'step' }, { $component_ref: 'e' }],
  control_flow_connections: [
    { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: { $component_ref: 's' }, to_node: { $component_ref: 'step' } },
    { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'step' }, to_node: { $component_ref: 'e' } },
  ],
  $referenced_components: {
    s: { component_type: 'StartNode', id: 's', name: 'start', inputs: [{ title: 'text', type: 'string' }] },
    step: { component_type: 'LlmNode', id: 'step', name: 'summarize', prompt_template: 'Summarize: {{text}}', llm_config: config, outputs: [{ title: 'text', type: 'string' }] },
    e: { component_type: 'EndNode', id: 'e', name: 'end', outputs: [{ title: 'text', type: 'string' }] },
  },
});

/** One agent turn and one flow run on aiSdkRuntime, both finished as expected. */
async function runBoth(): Promise<void> {
  const load = { llm: { override: { url: llm.url } } };
  const session = (await aiSdkRuntime().load(AGENT, load)).start();
  session.appendUserMessage('Hi');
  expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{}, { content: 'Hello.' }] });
  expect(await (await aiSdkRuntime().load(FLOW as Component, load)).start({ inputs: { text: 'a text' } }).run()).toMatchObject({ type: 'finished', outputs: { text: 'short' } });
}

describe("aiSdkRuntime and the AI SDK's telemetry", () => {
  it('sends the telemetry of its AI SDK calls to a subscriber of the ai:telemetry tracing channel', async () => {
    const seen: string[] = [];
    const channel = tracingChannel(AI_SDK_TELEMETRY_TRACING_CHANNEL);
    const subscriber = { start: (m: unknown) => void seen.push((m as { type: string }).type), end: () => undefined, asyncStart: () => undefined, asyncEnd: () => undefined, error: () => undefined };
    channel.subscribe(subscriber);
    try {
      await runBoth();
    } finally {
      channel.unsubscribe(subscriber);
    }
    // the agent's call and the LlmNode's, each with its model call
    expect(seen.filter((t) => t === 'languageModelCall')).toHaveLength(2);
  });

  it('sends the telemetry of its AI SDK calls to an integration registered with registerTelemetry', async () => {
    const starts: string[] = [];
    const ends: string[] = [];
    registerTelemetry({ onStart: (e) => void starts.push(e.operationId), onEnd: (e) => void ends.push((e as { text?: string }).text ?? '') });
    await runBoth();
    expect(starts).toEqual(['ai.generateText', 'ai.generateText']);
    expect(ends).toEqual(['Hello.', 'short']);
  });
});
