import { readFileSync } from 'node:fs';
import { deserialize, type Component } from '@agentspec/core';
import { startScriptedA2a, type A2aRule, type ScriptedA2a } from '@agentspec/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { referenceRuntime, type NetworkPolicy, type RuntimeEvent, type TraceEvent } from '../../src/index.js';
import { makeTestCerts, type TestCerts } from '../mcp/make-certs.js';

const RULES: A2aRule[] = [
  { match: { text: 'Hello' }, reply: { message: 'Hello from the remote agent.' } },
  { match: { text: { contains: 'weather' } }, reply: { task: 'completed', text: 'Sunny in Rome.', chunks: ['Sunny', ' in', ' Rome.'] } },
  { match: { text: { contains: 'slowly' } }, reply: { task: 'completed', text: 'Done after a while.', workingMs: 200 } },
];

const spec = (url: string, connection = '', session = '{timeout: 5, poll_interval: 0.05, max_retries: 1}', version = connection.includes('retry_policy') ? '26.1.2' : '25.4.2'): Component => deserialize(`
component_type: A2AAgent
id: remote
name: remote agent
agent_url: "${url}"
connection_config:
  component_type: A2AConnectionConfig
  id: connection
  name: connection
  timeout: 10
${connection}
session_parameters: ${session}
agentspec_version: ${version}
`);

async function ask(component: Component, text: string, network?: NetworkPolicy) {
  const app = await referenceRuntime().load(component, network ? { network } : {});
  try {
    const session = app.start();
    session.appendUserMessage(text);
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    const last = events.at(-1);
    if (last?.type === 'RunError') throw last.error;
    return events;
  } finally {
    await app.close?.();
  }
}

const lastStatus = (events: RuntimeEvent[]) => events.at(-1);

let servers: ScriptedA2a[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
const serve = async (options: Parameters<typeof startScriptedA2a>[0]) => {
  const s = await startScriptedA2a(options);
  servers.push(s);
  return s;
};

describe('A2AAgent on the reference runtime', () => {
  it('streams from an agent card that offers it, and sends SendMessage then polls GetTask to one that does not', async () => {
    const streaming = await serve({ rules: RULES });
    expect(lastStatus(await ask(spec(streaming.url), 'What is the weather?'))).toMatchObject({ type: 'RunStatus', status: { type: 'user_input', messages: [{}, { content: 'Sunny in Rome.' }] } });
    expect(streaming.requests.map((r) => r.method)).toEqual(['agent-card', 'SendStreamingMessage']);

    const blocking = await serve({ rules: RULES, streaming: false });
    expect(lastStatus(await ask(spec(blocking.url), 'Answer slowly'))).toMatchObject({ status: { type: 'user_input', messages: [{}, { content: 'Done after a while.' }] } });
    const methods = blocking.requests.map((r) => r.method);
    expect(methods.slice(0, 2)).toEqual(['agent-card', 'SendMessage']);
    expect(methods.slice(2).every((m) => m === 'GetTask') && methods.length > 2).toBe(true);
  });

  it('gives up polling after session_parameters.timeout with AS_A2A', async () => {
    const blocking = await serve({ rules: [{ reply: { task: 'completed', text: 'late', workingMs: 2_000 } }], streaming: false });
    const events = await ask(spec(blocking.url, '', '{timeout: 0.3, poll_interval: 0.05, max_retries: 1}'), 'Hello').catch((e: unknown) => e);
    expect(events).toMatchObject({ code: 'AS_A2A', message: expect.stringContaining('within 0.3 s (session_parameters.timeout)') });
  });

  it("sends the agent's inputs (given, and defaults) as a data part of every message, and no data part without inputs", async () => {
    const server = await serve({ rules: [{ match: { data: { city: 'Oslo', days: 3 } }, reply: { message: 'Pack for snow.' } }, { reply: { message: 'No inputs seen.' } }] });
    const withInputs = deserialize(`
component_type: A2AAgent
id: remote
name: remote agent
inputs: [{ title: city, type: string }, { title: days, type: integer, default: 3 }]
agent_url: "${server.url}"
connection_config: { component_type: A2AConnectionConfig, id: connection, name: connection, timeout: 10 }
session_parameters: {timeout: 5, poll_interval: 0.05, max_retries: 1}
agentspec_version: 25.4.2
`);
    const app = await referenceRuntime().load(withInputs);
    try {
      const session = app.start({ inputs: { city: 'Oslo', unrelated: 'kept home' } });
      session.appendUserMessage('What should I pack?');
      expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{}, { content: 'Pack for snow.' }] });
    } finally {
      await app.close?.();
    }
    expect(server.requests.find((r) => r.method === 'SendStreamingMessage')?.data).toEqual({ city: 'Oslo', days: 3 });
    server.clear();
    expect(lastStatus(await ask(spec(server.url), 'Hello'))).toMatchObject({ status: { messages: [{}, { content: 'No inputs seen.' }] } });
    expect(server.requests.find((r) => r.method === 'SendStreamingMessage')?.data).toBeUndefined();
  });

  it('fails a task asking for authentication with AS_A2A, its status message and a hint to give credentials in the connection config', async () => {
    const server = await serve({ rules: [{ reply: { task: 'auth-required', text: 'Sign in first.' } }] });
    const error = await ask(spec(server.url), 'Show my account').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AS_A2A', message: expect.stringContaining('auth-required') });
    // the error of a failed run carries its hint in its message
    expect((error as Error).message).toContain('Sign in first.');
    expect((error as Error).message).toContain('(hint: give the credentials the remote agent expects up front: put them in connection_config.headers');
  });

  it('refuses at load, before any request, session parameters asking for push notifications (AS_UNSUPPORTED naming the parameter)', async () => {
    const server = await serve({ rules: RULES });
    const refused = referenceRuntime().load(spec(server.url, '', '{timeout: 5, pushNotificationConfig: {url: "https://hooks.example.com/a2a"}}'));
    await expect(refused).rejects.toMatchObject({
      code: 'AS_UNSUPPORTED', message: expect.stringContaining("at /session_parameters/pushNotificationConfig"), hint: expect.stringContaining('poll_interval'),
    });
    expect(server.requests).toEqual([]);
  });

  it('traces the agent span and the messages, never the connection headers', async () => {
    const server = await serve({ rules: RULES, requiredHeaders: { authorization: 'Bearer s3cret-token' } });
    const events = await ask(spec(server.url, '  headers: {authorization: Bearer s3cret-token}'), 'Hello');
    const trace = events.filter((e): e is TraceEvent => e.type !== 'RunStatus' && e.type !== 'RunError');
    // the agent waits for the user: its span stays open, as an Agent's does
    expect(trace.map((e) => e.type)).toEqual(['ConversationMessageAdded', 'AgentExecutionStart', 'ConversationMessageAdded']);
    expect(trace[1]).toMatchObject({ name: 'remote agent', attributes: { agent: 'remote' } });
    expect(JSON.stringify(events)).not.toContain('s3cret-token');
    expect(server.requests.every((r) => r.headers.authorization === 'Bearer s3cret-token')).toBe(true);
  });

  it('follows a card to another host only when network.allow lists it, and never sends it the connection headers', async () => {
    const server = await serve({ rules: RULES });
    const elsewhere = await serve({ rules: RULES, interfaceUrl: `${server.url.replace('127.0.0.1', 'localhost')}/` });
    // the card of `elsewhere` names `server` under another host name (localhost)
    const component = spec(elsewhere.url, '  headers: {x-api-key: key-123}');
    await expect(ask(component, 'Hello')).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringContaining("'http://localhost:") });
    expect(server.requests).toEqual([]);
    const events = await ask(component, 'Hello', { allow: ['localhost'] });
    expect(lastStatus(events)).toMatchObject({ status: { type: 'user_input' } });
    expect(server.requests.map((r) => [r.method, r.headers['x-api-key']])).toEqual([['SendStreamingMessage', undefined]]);
    expect(elsewhere.requests.map((r) => [r.method, r.headers['x-api-key']])).toEqual([['agent-card', 'key-123'], ['agent-card', 'key-123']]);
  });

  it("retries under the connection's retry_policy: a status it takes, a connection refused; nothing without one", async () => {
    const { createServer } = await import('node:http');
    let failures = 1;
    let target = '';
    const posts: number[] = [];
    // answers 503 to the first POST, then forwards everything to the scripted agent
    const flaky = createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        if (req.method === 'POST' && failures-- > 0) {
          posts.push(503);
          return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
        }
        if (req.method === 'POST') posts.push(200);
        const answer = await fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json' }, ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}) });
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        for await (const c of answer.body as unknown as AsyncIterable<Uint8Array>) res.write(c);
        res.end();
      })();
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const proxy = `http://127.0.0.1:${(flaky.address() as { port: number }).port}`;
      target = (await serve({ rules: RULES, interfaceUrl: `${proxy}/` })).url;
      const policy = '  retry_policy: {max_attempts: 2, initial_retry_delay: 0.01, max_retry_delay: 0.05, backoff_factor: 2}';
      expect(lastStatus(await ask(spec(proxy, policy), 'Hello'))).toMatchObject({ status: { type: 'user_input', messages: [{}, { content: 'Hello from the remote agent.' }] } });
      expect(posts).toEqual([503, 200]);
      failures = 1;
      posts.length = 0;
      await expect(ask(spec(proxy), 'Hello')).rejects.toMatchObject({ code: 'AS_A2A', message: expect.stringContaining('HTTP 503') });
      expect(posts).toEqual([503]);
    } finally {
      flaky.close();
      flaky.closeAllConnections();
    }
    // a connection refused: retried, then AS_A2A all the same
    const { closedPort } = await import('@agentspec/testing');
    const port = await closedPort();
    await expect(ask(spec(`http://127.0.0.1:${port}`, '  retry_policy: {max_attempts: 1, initial_retry_delay: 0.01, max_retry_delay: 0.02, backoff_factor: 2}'), 'Hello'))
      .rejects.toMatchObject({ code: 'AS_A2A', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('does not follow a redirect', async () => {
    const { createServer } = await import('node:http');
    const redirector = createServer((_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const port = (redirector.address() as { port: number }).port;
      await expect(ask(spec(`http://127.0.0.1:${port}`), 'Hello')).rejects.toMatchObject({ code: 'AS_A2A', message: expect.stringContaining('redirect (HTTP 302)') });
    } finally {
      redirector.close();
    }
  });
});

describe('A2AAgent over TLS', () => {
  let certs: TestCerts;
  beforeAll(() => {
    certs = makeTestCerts();
  });
  afterAll(() => undefined);

  it('trusts the server certificate through ssl_ca_cert, refuses an unknown one, and accepts any with verify: false', async () => {
    const server = await serve({ rules: RULES, tls: { key: readFileSync(certs.serverKey), cert: readFileSync(certs.serverCert) } });
    expect(lastStatus(await ask(spec(server.url, `  ssl_ca_cert: ${certs.caCert}`), 'Hello'))).toMatchObject({ status: { type: 'user_input' } });
    await expect(ask(spec(server.url), 'Hello')).rejects.toMatchObject({ code: 'AS_A2A' });
    await expect(ask(spec(server.url, `  ssl_ca_cert: ${certs.otherCaCert}`), 'Hello')).rejects.toMatchObject({ code: 'AS_A2A' });
    expect(lastStatus(await ask(spec(server.url, '  verify: false'), 'Hello'))).toMatchObject({ status: { type: 'user_input' } });
  });

  it('presents the client certificate of key_file and cert_file (mTLS)', async () => {
    const server = await serve({ rules: RULES, tls: { key: readFileSync(certs.serverKey), cert: readFileSync(certs.serverCert), ca: readFileSync(certs.caCert), requestCert: true } });
    const mtls = `  ssl_ca_cert: ${certs.caCert}\n  key_file: ${certs.clientKey}\n  cert_file: ${certs.clientCert}`;
    expect(lastStatus(await ask(spec(server.url, mtls), 'Hello'))).toMatchObject({ status: { type: 'user_input', messages: [{}, { content: 'Hello from the remote agent.' }] } });
    await expect(ask(spec(server.url, `  ssl_ca_cert: ${certs.caCert}`), 'Hello')).rejects.toMatchObject({ code: 'AS_A2A' });
    await expect(ask(spec(server.url, `  ssl_ca_cert: ${certs.caCert}\n  key_file: /nonexistent/client.key\n  cert_file: ${certs.clientCert}`), 'Hello')).rejects.toMatchObject({
      code: 'AS_A2A', message: expect.stringContaining("key_file '/nonexistent/client.key'"),
    });
  });
});
