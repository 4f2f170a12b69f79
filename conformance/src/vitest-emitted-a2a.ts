/**
 * An A2AAgent in an AgentNode of a flow module written by an emitter (run
 * through a runtime's `build` hook): strings of the spec stay data (a header
 * value and an agent_url with quotes, backticks, a `${…}` that would run code,
 * a comment end, a backslash), a secret of the connection is not written into
 * the module, and the A2A client of @agentspec/runtime applies its rules (the
 * connection's headers reach the agent's origin byte for byte; a private
 * address is refused unless `network.allow` lists it).
 *
 *   await describeEmittedA2a(() => langgraphRuntime({ build }), (flow) => emitLangGraph(flow));
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, type Component } from '@agentspec/core';
import type { Runtime } from '@agentspec/runtime';
import { startScriptedA2a, type ScriptedA2a } from '@agentspec/testing';

/** Valid in an HTTP header value, and code if it ever left its string literal. */
const QUOTED = 'it\'s "x" `y` ${(globalThis as any).__emitPwned = true} */ \\ end';
const SECRET = 'Bearer s3cret-token';

/** start → ask (InputMessageNode) → the A2AAgent's node → end, as YAML (values JSON-quoted); `connection`: more fields. */
function a2aFlow(agentUrl: string, connection: string): Component {
  return deserialize(`
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
`);
}

const pwned = (): unknown => (globalThis as { __emitPwned?: unknown }).__emitPwned;

/**
 * Registers a `describe('A2AAgents in emitted flow modules: <runtime>')`. `runtime` builds the emitted module of
 * what it loads (its `build` hook); `emit` gives the module's text of a component. Await it at the top of a test file.
 */
export async function describeEmittedA2a(runtime: () => Runtime | Promise<Runtime>, emit: (component: Component) => { readonly code: string }): Promise<void> {
  const name = (await runtime()).name;
  let a2a: ScriptedA2a;
  beforeAll(async () => {
    // the agent answers only requests carrying the header, byte for byte
    a2a = await startScriptedA2a({ rules: [{ name: 'hello', match: { text: 'Hello' }, reply: { message: 'Hello from the remote agent.' } }], requiredHeaders: { 'x-key': QUOTED } });
  });
  afterAll(async () => {
    await a2a.close();
  });

  describe(`A2AAgents in emitted flow modules: ${name}`, { timeout: 60_000 }, () => {
    it('keeps the connection\'s headers as data and its secret out, and the module sends the headers to the agent', async () => {
      const flow = a2aFlow(a2a.url, `, headers: {x-key: ${JSON.stringify(QUOTED)}}, sensitive_headers: {authorization: ${JSON.stringify(SECRET)}}`);
      expect(emit(flow).code).not.toContain('s3cret');
      const app = await (await runtime()).load(flow, { network: { allow: [new URL(a2a.url).host] } });
      const session = app.start();
      expect((await session.run()).type).toBe('user_input');
      session.appendUserMessage('Hello');
      expect(await session.run()).toMatchObject({ type: 'finished', messages: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hello from the remote agent.' }] });
      expect(a2a.requests.find((r) => r.method !== 'agent-card')?.headers['x-key']).toBe(QUOTED);
      expect(pwned()).toBeUndefined();
      await app.close();
    });

    it('refuses an agent_url on a private address not allowed (AS_HTTP_REFUSED), the URL with quotes kept as data', async () => {
      const app = await (await runtime()).load(a2aFlow(`http://10.255.255.1/${QUOTED.replace(/ /g, '_')}`, ''));
      const session = app.start();
      await session.run();
      session.appendUserMessage('Hello');
      await expect(session.run()).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringContaining('10.255.255.1') });
      expect(pwned()).toBeUndefined();
      await app.close();
    });
  });
}
