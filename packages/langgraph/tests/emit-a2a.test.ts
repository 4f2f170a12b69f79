// An A2AAgent in an AgentNode of an emitted flow module: the module's node runs it with the A2A client of
// @agentspec/runtime (flowNodes.a2aGraph). Spec strings stay data (a header value and a URL with quotes, backticks,
// `${…}` and a comment end), a secret of the connection is not written, and the client's rules apply (the headers
// reach the agent's origin, a private address is refused unless allowed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, type Component } from '@agentspec/core';
import { startScriptedA2a, type ScriptedA2a } from '@agentspec/testing';
import { emitLangGraph, langgraphRuntime } from '../src/index.js';
import { buildEmitted, emittedBuilds } from './emit-cases.js';

/** Quotes, backticks, a template placeholder that would run code, a comment end, a backslash: valid in a header value. */
const QUOTED = 'it\'s "x" `y` ${(globalThis as any).__emitPwned = true} */ \\ end';

function a2aFlow(agentUrl: string, connection: Record<string, unknown>): Component {
  return deserialize(JSON.stringify({
    component_type: 'Flow', id: 'booking', name: 'booking', agentspec_version: '25.4.2',
    start_node: { $component_ref: 'start' },
    nodes: [{ $component_ref: 'start' }, { $component_ref: 'ask' }, { $component_ref: 'remote' }, { $component_ref: 'end' }],
    control_flow_connections: [
      { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: { $component_ref: 'start' }, to_node: { $component_ref: 'ask' } },
      { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'ask' }, to_node: { $component_ref: 'remote' } },
      { component_type: 'ControlFlowEdge', id: 'c3', name: 'c3', from_node: { $component_ref: 'remote' }, to_node: { $component_ref: 'end' } },
    ],
    $referenced_components: {
      start: { component_type: 'StartNode', id: 'start', name: 'start' },
      ask: { component_type: 'InputMessageNode', id: 'ask', name: 'ask' },
      remote: {
        component_type: 'AgentNode', id: 'remote', name: 'remote',
        agent: { component_type: 'A2AAgent', id: 'remote-agent', name: `remote ${QUOTED}`, agent_url: agentUrl, connection_config: { component_type: 'A2AConnectionConfig', id: 'connection', name: 'connection', timeout: 10, ...connection } },
      },
      end: { component_type: 'EndNode', id: 'end', name: 'end' },
    },
  }));
}

let a2a: ScriptedA2a;
beforeAll(async () => {
  // the agent answers only requests carrying the header, byte for byte
  a2a = await startScriptedA2a({ rules: [{ name: 'hello', match: { text: 'Hello' }, reply: { message: 'Hello from the remote agent.' } }], requiredHeaders: { 'x-key': QUOTED } });
});
afterAll(async () => {
  await a2a.close();
});

describe('A2AAgents in emitted flow modules', () => {
  it('writes the connection as data, leaves its secret out (with a warning), and the module\'s node sends the headers to the agent', async () => {
    const flow = a2aFlow(a2a.url, { headers: { 'x-key': QUOTED }, sensitive_headers: { authorization: 'Bearer s3cret-token' } });
    const { code, warnings } = emitLangGraph(flow);
    expect(code).toContain('flowNodes.a2aGraph(');
    expect(code).not.toContain('s3cret');
    expect(code).not.toContain('sensitive_headers');
    expect(warnings).toContainEqual(expect.objectContaining({ kind: 'unsupported', component: 'connection', message: expect.stringContaining('sensitive_headers') }));
    const builds = emittedBuilds.count;
    const app = await langgraphRuntime({ build: buildEmitted }).load(flow, { network: { allow: [new URL(a2a.url).host] } });
    expect(emittedBuilds.count).toBe(builds + 1);
    const session = app.start();
    expect((await session.run()).type).toBe('user_input');
    session.appendUserMessage('Hello');
    const result = await session.run();
    expect(result).toMatchObject({ type: 'finished', messages: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hello from the remote agent.' }] });
    expect(a2a.requests.find((r) => r.method !== 'agent-card')?.headers?.['x-key']).toBe(QUOTED);
    expect((globalThis as { __emitPwned?: unknown }).__emitPwned).toBeUndefined();
    await app.close();
  });

  it('keeps an agent_url with quotes as data, and its client refuses a private address not allowed (AS_HTTP_REFUSED)', async () => {
    const url = `http://10.255.255.1/${QUOTED.replace(/ /g, '_')}`;
    const app = await langgraphRuntime({ build: buildEmitted }).load(a2aFlow(url, {}));
    const session = app.start();
    await session.run();
    session.appendUserMessage('Hello');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringContaining('10.255.255.1') });
    expect((globalThis as { __emitPwned?: unknown }).__emitPwned).toBeUndefined();
    await app.close();
  });
});
