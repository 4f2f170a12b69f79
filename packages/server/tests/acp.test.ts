import { afterEach, describe, expect, it } from 'vitest';
import { client, methods, ndJsonStream, type SessionUpdate } from '@agentclientprotocol/sdk';
import { acpAgent } from '../src/index.js';
import { ASSISTANT, INTAKE_FLOW, serve, spec, type Served } from './fixtures.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

/** An ACP client (the SDK's) talking to the served spec over newline-delimited JSON streams, as over stdio. */
function connect(s: Served, permit: (title: string) => 'allow' | 'reject') {
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const toClient = new TransformStream<Uint8Array, Uint8Array>();
  acpAgent(s.server.sessions).connect(ndJsonStream(toClient.writable, toAgent.readable));
  const updates: SessionUpdate[] = [];
  const asked: string[] = [];
  const conn = client({ name: 'test client' })
    .onNotification(methods.client.session.update, ({ params }) => void updates.push(params.update))
    .onRequest(methods.client.session.requestPermission, ({ params }) => {
      asked.push(params.toolCall.title ?? '');
      return { outcome: { outcome: 'selected', optionId: permit(params.toolCall.title ?? '') } };
    })
    .connect(ndJsonStream(toAgent.writable, toClient.readable));
  const said = () => updates.filter((u) => u.sessionUpdate === 'agent_message_chunk').map((u) => (u as { content: { text: string } }).content.text).join('');
  return { agent: conn.agent, updates, asked, said, close: () => conn.close() };
}

describe('Agent Client Protocol with @agentclientprotocol/sdk', () => {
  it('initialize, session/new, session/prompt: the reply streamed as chunks, tool calls as updates', async () => {
    served = await serve(spec(ASSISTANT));
    const c = connect(served, () => 'allow');
    const init = await c.agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    expect(init).toMatchObject({ protocolVersion: 1, agentCapabilities: { loadSession: true }, agentInfo: { name: 'Assistant' } });
    const { sessionId } = await c.agent.request(methods.agent.session.new, { cwd: '/', mcpServers: [] });
    const done = await c.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'what is the weather?' }] });
    expect(done.stopReason).toBe('end_turn');
    expect(c.said()).toBe('It is sunny in Paris today.');
    expect(c.updates.filter((u) => u.sessionUpdate === 'agent_message_chunk').length).toBeGreaterThan(1);
    expect(c.updates.find((u) => u.sessionUpdate === 'tool_call')).toMatchObject({ title: 'get_forecast', rawInput: { city: 'Paris' } });
    expect(c.updates.find((u) => u.sessionUpdate === 'tool_call_update')).toMatchObject({ status: 'completed', rawOutput: { forecast: 'sunny in Paris' } });
    c.close();
  });

  it('a tool confirmation is a permission request: allowed, the tool runs; rejected, it does not', async () => {
    served = await serve(spec(ASSISTANT));
    const c = connect(served, (title) => (title.includes('/tmp/a.txt') ? 'allow' : 'reject'));
    await c.agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    const { sessionId } = await c.agent.request(methods.agent.session.new, { cwd: '/', mcpServers: [] });
    await c.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'delete /tmp/a.txt' }] });
    expect(c.asked).toEqual(['delete_file({"path":"/tmp/a.txt"})']);
    expect(c.said()).toBe('Done, the file is gone.');
    // the session is in the store: a second connection loads it and gets its history
    const again = connect(served, () => 'reject');
    await again.agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    await again.agent.request(methods.agent.session.load, { sessionId, cwd: '/', mcpServers: [] });
    expect(again.updates.filter((u) => u.sessionUpdate === 'user_message_chunk').map((u) => (u as { content: { text: string } }).content.text)).toEqual(['delete /tmp/a.txt']);
    c.close();
    again.close();
  });

  it('a flow takes its inputs from session/new _meta; a failed run is a JSON-RPC error naming the code', async () => {
    served = await serve(spec(INTAKE_FLOW));
    const c = connect(served, () => 'allow');
    await c.agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    const { sessionId } = await c.agent.request(methods.agent.session.new, { cwd: '/', mcpServers: [], _meta: { inputs: { topic: 'network' } } });
    await c.agent.request(methods.agent.session.prompt, { sessionId, prompt: [] });
    expect(c.said()).toBe('What is your network question?');
    await c.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'my wifi drops' }] });
    expect(c.said()).toContain('Restart the router.');
    expect(c.said()).toContain('(finished: {"reply":"Restart the router."})');
    await expect(c.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'more' }] })).rejects.toThrow(/AS_INVALID_STATE/);
    c.close();
  });
});
