// The mcpRequest snippet (the MCP tool calls of emitted modules), evaluated and
// run with the SDK's client against MCP servers on loopback: the retries and
// error codes of McpConnections.callTool.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MCPTool } from '@agentspec/core';
import { mcpRequestFields } from '../../src/emit/index.js';
import type { SpecRetryPolicy } from '../../src/index.js';
import { startFlaky, type Flaky } from '../mcp/flaky-mcp-server.js';
import { makeTestCerts, serverTlsOptions } from '../mcp/make-certs.js';
import { startMcpServer, type McpTestServer } from '../mcp/mcp-test-servers.js';
import { load } from './load-snippets.js';

interface McpRequest { tool: string; server: string; retryPolicy?: SpecRetryPolicy; timeoutMs?: number; signal?: AbortSignal }
interface McpLink { open(): Promise<Client>; drop(connection: Client): Promise<void> }
type Send = (client: Client, signal: AbortSignal) => Promise<unknown>;
const { mcpRequest } = load(['mcpRequest']) as unknown as { mcpRequest: (request: McpRequest, link: McpLink, send: Send) => Promise<unknown> };

const policy = (max_attempts: number, over: Partial<SpecRetryPolicy> = {}): SpecRetryPolicy => ({
  max_attempts, request_timeout: null, initial_retry_delay: 0.005, max_retry_delay: 0.02, backoff_factor: 2, jitter: null,
  service_error_retry_on_any_5xx: true, recoverable_statuses: { 429: [] }, ...over,
});

/** A connection to `url` as the emitted modules keep one: opened on first use, forgotten when it fails or is dropped; `opened` counts the connections made. */
function link(url: string): McpLink & { opened: number; close(): Promise<void> } {
  let current: Promise<Client> | undefined;
  const all: Client[] = [];
  const self = {
    opened: 0,
    open(): Promise<Client> {
      if (!current) {
        self.opened++;
        const client = new Client({ name: 'snippet-test', version: '1.0.0' });
        all.push(client);
        const opening = client.connect(new StreamableHTTPClientTransport(new URL(url))).then(() => client);
        opening.catch(() => {
          if (current === opening) current = undefined;
        });
        current = opening;
      }
      return current;
    },
    async drop(client: Client): Promise<void> {
      current = undefined;
      await client.close();
    },
    close: async (): Promise<void> => void (await Promise.allSettled(all.map((c) => c.close()))),
  };
  return self;
}

const call = (name: string, args: Record<string, unknown>): Send => (client, signal) => client.callTool({ name, arguments: args }, undefined, { signal });

/** The code and message of what `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  const error = (await promise.then(() => undefined, (e: unknown) => e)) as { code?: unknown; message?: string } | undefined;
  expect(error, 'the call should fail').toBeDefined();
  return { code: error?.code, message: error?.message ?? '' };
}

let flaky: Flaky;
let demo: McpTestServer;
beforeAll(async () => {
  [flaky, demo] = await Promise.all([startFlaky(), startMcpServer('streamable')]);
});
afterAll(() => Promise.all([flaky.close(), demo.close()]));

describe('mcpRequest snippet: HTTP statuses under a retry_policy', () => {
  it('without a policy a 503 fails at once with AS_MCP naming the tool and the status', async () => {
    const l = link(`${flaky.base}/none?failures=1&on=tools/call`);
    const { code, message } = await failure(mcpRequest({ tool: 'echo', server: 'flaky' }, l, call('echo', { text: 'hi' })));
    expect(code).toBe('AS_MCP');
    expect(message).toContain("calling tool 'echo' on the MCP server 'flaky'");
    expect(message).toContain('HTTP 503');
    expect(flaky.posts.get('/none')).toBe(3); // initialize, initialized, one tools/call
    await l.close();
  });

  it('a tool call answered 503 is retried max_attempts times on the same connection, the tool running once', async () => {
    const l = link(`${flaky.base}/twice?failures=2&on=tools/call`);
    const before = flaky.calls();
    const result = (await mcpRequest({ tool: 'echo', server: 'flaky', retryPolicy: policy(2) }, l, call('echo', { text: 'hi' }))) as { content: { text: string }[] };
    expect(result.content[0]?.text).toBe('hi');
    expect(flaky.calls() - before).toBe(1);
    expect(l.opened).toBe(1);
    await l.close();
  });

  it('gives up after max_attempts retries, naming the attempts', async () => {
    const l = link(`${flaky.base}/many?failures=5&on=tools/call`);
    const { code, message } = await failure(mcpRequest({ tool: 'echo', server: 'flaky', retryPolicy: policy(1) }, l, call('echo', { text: 'hi' })));
    expect(code).toBe('AS_MCP');
    expect(message).toMatch(/\(2 attempts\).*HTTP 503/);
    await l.close();
  });

  it('retries only the statuses the policy takes', async () => {
    const l = link(`${flaky.base}/bad?failures=1&on=tools/call&status=400`);
    const { code, message } = await failure(mcpRequest({ tool: 'echo', server: 'flaky', retryPolicy: policy(3) }, l, call('echo', { text: 'hi' })));
    expect([code, message.includes('HTTP 400')]).toEqual(['AS_MCP', true]);
    const taken = link(`${flaky.base}/taken?failures=1&on=tools/call&status=429`);
    expect(await mcpRequest({ tool: 'echo', server: 'flaky', retryPolicy: policy(1, { service_error_retry_on_any_5xx: false }) }, taken, call('echo', { text: 'ok' }))).toMatchObject({ content: [{ text: 'ok' }] });
    await Promise.all([l.close(), taken.close()]);
  });

  it('a handshake answered 503 is a failure to connect, retried by opening the connection again', async () => {
    const l = link(`${flaky.base}/handshake?failures=2&on=initialize`);
    expect(await mcpRequest({ tool: 'echo', server: 'flaky', retryPolicy: policy(2) }, l, call('echo', { text: 'up' }))).toMatchObject({ content: [{ text: 'up' }] });
    expect(l.opened).toBe(3);
    await l.close();
  });
});

describe('mcpRequest snippet: connections', () => {
  it('a server that refuses connections is tried max_attempts + 1 times, then AS_MCP for connecting', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const l = link(`http://127.0.0.1:${port}/mcp`);
    const { code, message } = await failure(mcpRequest({ tool: 'echo', server: 'gone', retryPolicy: policy(2) }, l, call('echo', { text: 'hi' })));
    expect(code).toBe('AS_MCP');
    expect(message).toContain("connecting to the MCP server 'gone' (3 attempts) failed");
    expect(l.opened).toBe(3);
  });

  it('a TLS failure is never retried', async () => {
    const certs = makeTestCerts();
    const tls = await startMcpServer('streamable', serverTlsOptions(certs));
    const l = link(tls.url);
    const { code } = await failure(mcpRequest({ tool: 'echo', server: 'tls', retryPolicy: policy(3) }, l, call('echo', { text: 'hi' })));
    expect(code).toBe('AS_MCP');
    expect(l.opened).toBe(1);
    await tls.close();
  });
});

describe('mcpRequest snippet: answers, timeouts, cancellation', () => {
  it('an error the tool reports is its result; an error the server answers is AS_TOOL_FAILED, not retried', async () => {
    const l = link(demo.url);
    expect(await mcpRequest({ tool: 'fail', server: 'demo', retryPolicy: policy(2) }, l, call('fail', {}))).toMatchObject({ isError: true });
    const refused: Send = (client, signal) => client.request({ method: 'tools/nonexistent', params: {} }, CallToolResultSchema, { signal });
    const { code, message } = await failure(mcpRequest({ tool: 'x', server: 'demo', retryPolicy: policy(2) }, l, refused));
    expect(code).toBe('AS_TOOL_FAILED');
    expect(message).toContain("calling tool 'x' on the MCP server 'demo' failed");
    await l.close();
  });

  it('a call without an answer within timeoutMs is AS_MCP, and not retried (it may have run)', async () => {
    const l = link(demo.url);
    const { code, message } = await failure(mcpRequest({ tool: 'slow', server: 'demo', retryPolicy: policy(2), timeoutMs: 50 }, l, call('slow', { ms: 2_000 })));
    expect([code, message]).toEqual(['AS_MCP', "no answer within 0.05 s while calling tool 'slow' on the MCP server 'demo'"]);
    await l.close();
  });

  it('a cancelled call is AS_CANCELLED', async () => {
    const l = link(demo.url);
    const controller = new AbortController();
    const pending = mcpRequest({ tool: 'slow', server: 'demo', retryPolicy: policy(2), signal: controller.signal }, l, call('slow', { ms: 2_000 }));
    setTimeout(() => controller.abort(), 30);
    expect((await failure(pending)).code).toBe('AS_CANCELLED');
    const before = await failure(mcpRequest({ tool: 'echo', server: 'demo', signal: AbortSignal.abort() }, l, call('echo', { text: 'hi' })));
    expect(before.code).toBe('AS_CANCELLED');
    await l.close();
  });
});

describe('mcpRequestFields', () => {
  const transport = { component_type: 'StreamableHTTPTransport', id: 't', name: 'srv', url: 'http://127.0.0.1:9/mcp' };
  const tool = (extra: Record<string, unknown>, transportExtra: Record<string, unknown> = {}): MCPTool =>
    ({ component_type: 'MCPTool', id: 'x', name: 'x', client_transport: { ...transport, ...transportExtra }, ...extra }) as unknown as MCPTool;

  it("writes the tool's retry_policy, else its transport's, and the call timeout the runtime applies", () => {
    const own = mcpRequestFields(tool({ retry_policy: { max_attempts: 2, request_timeout: 1.5 } }, { retry_policy: { max_attempts: 7 } }), '  ').join('\n');
    expect(own).toMatch(/^ {2}retryPolicy: \{\n {4}max_attempts: 2,/);
    expect(own).toContain('  timeoutMs: 1500,');
    const transports = mcpRequestFields(tool({}, { retry_policy: { max_attempts: 7 }, session_parameters: { read_timeout_seconds: 20 } }), '').join('\n');
    expect(transports).toContain('max_attempts: 7,');
    expect(transports).toContain('timeoutMs: 20000,');
    expect(mcpRequestFields(tool({}), '')).toEqual([]);
  });
});
