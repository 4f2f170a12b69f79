// A2AAgents on every registered runtime, against a real A2A server on loopback built with @a2a-js/sdk (the scripted
// agent of @agentspec/testing): what reaches the remote agent — streaming, the task an input-required answer continues,
// each message sent once even when a flow pauses and resumes between exchanges — and the connection's headers.
import { deserialize } from '@agentspec/core';
import { startScriptedA2a, type ScriptedA2a } from '@agentspec/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RUNTIMES } from '../src/runtimes.js';
import { A2A_RULES } from '../src/servers/a2a.js';

let server: ScriptedA2a;
beforeAll(async () => {
  server = await startScriptedA2a({ rules: A2A_RULES, requiredHeaders: { 'x-api-key': 'key-123' } });
});
afterAll(() => server.close());
beforeEach(() => server.clear());

const agent = (indent: string) => `component_type: A2AAgent
${indent}id: remote
${indent}name: remote agent
${indent}agent_url: "${'$'}{url}"
${indent}connection_config: {component_type: A2AConnectionConfig, id: connection, name: connection, timeout: 10, headers: {x-api-key: key-123}}
${indent}session_parameters: {timeout: 5, poll_interval: 0.05, max_retries: 1}`;

const ROOT = `${agent('')}
agentspec_version: 25.4.2`;

const FLOW = `component_type: Flow
id: booking
name: booking
start_node: {$component_ref: start}
nodes: [{$component_ref: start}, {$component_ref: ask}, {$component_ref: remote_node}, {$component_ref: end}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: start}, to_node: {$component_ref: ask}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: ask}, to_node: {$component_ref: remote_node}}
  - {component_type: ControlFlowEdge, id: c3, name: c3, from_node: {$component_ref: remote_node}, to_node: {$component_ref: end}}
$referenced_components:
  start: {component_type: StartNode, id: start, name: start}
  ask: {component_type: InputMessageNode, id: ask, name: ask}
  remote_node:
    component_type: AgentNode
    id: remote_node
    name: remote
    agent:
      ${agent('      ')}
  end: {component_type: EndNode, id: end, name: end}
agentspec_version: 25.4.2`;

const spec = (text: string) => deserialize(text.replaceAll('${url}', server.url));
const sent = () => server.requests.filter((r) => r.method !== 'agent-card' && r.method !== 'GetTask');

describe.each(Object.keys(RUNTIMES))('A2AAgent on %s', (runtime) => {
  it('streams each user message once, continues the task that asked for input, and sends the connection headers', async () => {
    const app = await RUNTIMES[runtime]!().load(spec(ROOT));
    try {
      let session = app.start();
      session.appendUserMessage('What is the weather in Rome?');
      expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{}, { role: 'assistant', content: 'Sunny in Rome, 21°C.' }] });
      session.appendUserMessage('Please book a table for tonight.');
      expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{}, {}, {}, { content: 'For how many people?' }] });
      session = await app.resume(JSON.parse(JSON.stringify(await session.save())));
      session.appendUserMessage('Two.');
      expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{}, {}, {}, {}, {}, { content: 'Booked a table for two.' }] });
      const messages = sent();
      expect(messages.map((r) => [r.method, r.text])).toEqual([
        ['SendStreamingMessage', 'What is the weather in Rome?'], ['SendStreamingMessage', 'Please book a table for tonight.'], ['SendStreamingMessage', 'Two.'],
      ]);
      // one remote context for the conversation; the answer continues the task that asked for input, and only that one
      expect(new Set(messages.slice(1).map((r) => r.contextId)).size).toBe(1);
      expect(messages[1]!.taskId).toBeUndefined();
      expect(messages[2]!.taskId).toBeDefined();
      expect(server.requests.every((r) => r.headers['x-api-key'] === 'key-123')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('in an AgentNode: a flow paused for the remote question and resumed sends each message once', async () => {
    const app = await RUNTIMES[runtime]!().load(spec(FLOW));
    try {
      const session = app.start();
      expect((await session.run()).type).toBe('user_input');
      session.appendUserMessage('Please book a table for tonight.');
      expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{}, { content: 'For how many people?' }] });
      session.appendUserMessage('Two.');
      expect(await session.run()).toMatchObject({ type: 'finished', messages: [{}, {}, {}, { content: 'Booked a table for two.' }] });
      expect(sent().map((r) => r.text)).toEqual(['Please book a table for tonight.', 'Two.']);
    } finally {
      await app.close();
    }
  });
});
