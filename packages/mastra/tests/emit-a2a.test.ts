// An A2AAgent in an AgentNode of an emitted flow module: the module's workflow step runs it with the A2A client of
// @agentspec/runtime (flowSteps). Spec strings stay data (a header value with quotes, backticks, `${…}` and a comment
// end), a secret of the connection is not written, and the client's rules apply (the headers reach the agent's
// origin; a private address is refused unless allowed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, type Component } from '@agentspec/core';
import { startScriptedA2a, type ScriptedA2a } from '@agentspec/testing';
import { emitMastra, mastraRuntime, type CompileMastraOptions } from '../src/index.js';
import { emittedCompile } from './emit-helpers.js';

/** Quotes, backticks, a template placeholder that would run code, a comment end, a backslash: valid in a header value. */
const QUOTED = 'it\'s "x" `y` ${(globalThis as any).__emitPwned = true} */ \\ end';

/** start → ask (InputMessageNode) → the A2AAgent's node → end, as YAML (values JSON-quoted). */
const flowYaml = (agentUrl: string, connection: string): string => `
component_type: Flow
id: booking
name: booking
agentspec_version: 25.4.2
start_node: {$component_ref: start}
nodes: [{$component_ref: start}, {$component_ref: ask}, {$component_ref: remote}, {$component_ref: end}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: start}, to_node: {$component_ref: ask}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: ask}, to_node: {$component_ref: remote}}
  - {component_type: ControlFlowEdge, id: c3, name: c3, from_node: {$component_ref: remote}, to_node: {$component_ref: end}}
$referenced_components:
  start: {component_type: StartNode, id: start, name: start}
  ask: {component_type: InputMessageNode, id: ask, name: ask}
  end: {component_type: EndNode, id: end, name: end}
  remote:
    component_type: AgentNode
    id: remote
    name: remote
    agent:
      component_type: A2AAgent
      id: remote-agent
      name: ${JSON.stringify(`remote ${QUOTED}`)}
      agent_url: ${JSON.stringify(agentUrl)}
      connection_config: {component_type: A2AConnectionConfig, id: connection, name: connection, timeout: 10${connection}}
`;

let a2a: ScriptedA2a;
let builds = 0;
const counted = (component: Component, options: CompileMastraOptions) => {
  builds++;
  return emittedCompile(component, options);
};

beforeAll(async () => {
  // the agent answers only requests carrying the header, byte for byte
  a2a = await startScriptedA2a({ rules: [{ name: 'hello', match: { text: 'Hello' }, reply: { message: 'Hello from the remote agent.' } }], requiredHeaders: { 'x-key': QUOTED } });
});
afterAll(async () => {
  await a2a.close();
});

describe('A2AAgents in emitted flow modules', () => {
  it('keeps the connection\'s headers as data and its secret out, and the module\'s step sends the headers to the agent', async () => {
    const flow = deserialize(flowYaml(a2a.url, `, headers: {x-key: ${JSON.stringify(QUOTED)}}, sensitive_headers: {authorization: "Bearer s3cret-token"}`));
    const { code } = emitMastra(flow);
    expect(code).not.toContain('s3cret');
    const app = await mastraRuntime({ build: counted }).load(flow, { network: { allow: [new URL(a2a.url).host] } });
    expect(builds).toBe(1);
    const session = app.start();
    expect((await session.run()).type).toBe('user_input');
    session.appendUserMessage('Hello');
    expect(await session.run()).toMatchObject({ type: 'finished', messages: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hello from the remote agent.' }] });
    expect(a2a.requests.find((r) => r.method !== 'agent-card')?.headers['x-key']).toBe(QUOTED);
    expect((globalThis as { __emitPwned?: unknown }).__emitPwned).toBeUndefined();
    await app.close();
  });

  it('refuses an agent_url on a private address not allowed (AS_HTTP_REFUSED), the URL with quotes kept as data', async () => {
    const app = await mastraRuntime({ build: counted }).load(deserialize(flowYaml(`http://10.255.255.1/${QUOTED.replace(/ /g, '_')}`, '')));
    const session = app.start();
    await session.run();
    session.appendUserMessage('Hello');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringContaining('10.255.255.1') });
    expect((globalThis as { __emitPwned?: unknown }).__emitPwned).toBeUndefined();
    await app.close();
  });
});
