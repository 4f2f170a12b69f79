import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusOf, isNetworkFailure, McpConnections, mcpRetryDelay, RuntimeError, toolRunner, type SpecRetryPolicy } from '../../src/index.js';
import { startFlaky, type Flaky } from './flaky-mcp-server.js';
import { remote, stdio } from './transports.js';

const policy = (max_attempts: number, over: Partial<SpecRetryPolicy> = {}): SpecRetryPolicy => ({
  max_attempts, request_timeout: null, initial_retry_delay: 0.005, max_retry_delay: 0.02, backoff_factor: 2, jitter: null,
  service_error_retry_on_any_5xx: true, recoverable_statuses: { 429: [] }, ...over,
});
const str = [{ title: 'text', type: 'string' as const }];
const site = { tool: 'demo' };

describe('MCP requests under a retry_policy', () => {
  let flaky: Flaky;
  const conns = new McpConnections();
  beforeAll(async () => {
    flaky = await startFlaky();
  });
  afterEach(() => conns.close());
  afterAll(() => flaky.close());

  it('a tool call answered 503 is retried max_attempts times, the tool running once', async () => {
    const t = remote(`${flaky.base}/a?failures=2&on=tools/call`, 'streamable');
    const before = flaky.calls();
    expect(await conns.callTool(t, 'echo', { text: 'hi' }, str, { site, retry: policy(2) })).toBe('hi');
    expect(flaky.calls() - before).toBe(1);
  });

  it('gives up after max_attempts retries with AS_MCP naming the status and the attempts', async () => {
    const t = remote(`${flaky.base}/b?failures=5&on=tools/call`, 'streamable');
    await expect(conns.callTool(t, 'echo', { text: 'hi' }, str, { site, retry: policy(1) })).rejects.toThrow(/AS_MCP: calling tool 'echo' on .* \(2 attempts\) failed: HTTP 503/);
  });

  it('without a policy nothing is retried', async () => {
    const t = remote(`${flaky.base}/c?failures=1&on=tools/call`, 'streamable');
    await expect(conns.callTool(t, 'echo', { text: 'hi' }, str, { site })).rejects.toMatchObject({ code: 'AS_MCP' });
    expect(await conns.callTool(t, 'echo', { text: 'again' }, str, { site })).toBe('again');
  });

  it('retries only the statuses the policy takes', async () => {
    const t = remote(`${flaky.base}/d?failures=1&on=tools/call&status=500`, 'streamable');
    await expect(conns.callTool(t, 'echo', { text: 'hi' }, str, { site, retry: policy(3, { service_error_retry_on_any_5xx: false }) })).rejects.toThrow(/HTTP 500/);
    const throttled = remote(`${flaky.base}/e?failures=1&on=tools/call&status=429`, 'streamable');
    expect(await conns.callTool(throttled, 'echo', { text: 'hi' }, str, { site, retry: policy(1, { service_error_retry_on_any_5xx: false }) })).toBe('hi');
    const notFound = remote(`${flaky.base}/f?failures=1&on=tools/call&status=404`, 'streamable');
    await expect(conns.callTool(notFound, 'echo', { text: 'hi' }, str, { site, retry: policy(3) })).rejects.toThrow(/HTTP 404/);
  });

  it('a connection refused at the handshake is opened again; so is the listing of tools', async () => {
    const t = remote(`${flaky.base}/g?failures=2`, 'streamable');
    expect(await conns.callTool(t, 'echo', { text: 'hi' }, str, { site, retry: policy(2) })).toBe('hi');
    const listing = remote(`${flaky.base}/h?failures=2&on=tools/list`, 'streamable');
    expect((await conns.listTools(listing, { retry: policy(2) })).map((x) => x.name)).toContain('echo');
  });

  it('an error the tool reports is never retried', async () => {
    const t = remote(`${flaky.base}/i`, 'streamable');
    const before = flaky.calls();
    await expect(conns.callTool(t, 'fail', {}, str, { site, retry: policy(3) })).rejects.toMatchObject({ code: 'AS_TOOL_FAILED' });
    expect(flaky.calls() - before).toBe(1);
  });

  it("toolRunner applies the MCPTool's retry_policy, else its transport's", async () => {
    const runner = toolRunner();
    try {
      const tool = { component_type: 'MCPTool', id: 'echo', name: 'echo', inputs: [{ title: 'text', type: 'string' }], outputs: str } as const;
      const retry_policy = { max_attempts: 2, initial_retry_delay: 0.005 };
      expect(await runner.run({ ...tool, retry_policy, client_transport: remote(`${flaky.base}/j?failures=2&on=tools/call`, 'streamable') }, { text: 'a' }, site)).toBe('a');
      expect(await runner.run({ ...tool, client_transport: remote(`${flaky.base}/k?failures=2&on=tools/call`, 'streamable', { retry_policy }) }, { text: 'b' }, site)).toBe('b');
      await expect(runner.run({ ...tool, client_transport: remote(`${flaky.base}/l?failures=1&on=tools/call`, 'streamable') }, { text: 'c' }, site)).rejects.toMatchObject({ code: 'AS_MCP' });
    } finally {
      await runner.close();
    }
  });
});

describe('a stdio server that fails to start, under a retry_policy', () => {
  const script = fileURLToPath(new URL('./fixtures/stdio-server.mjs', import.meta.url));
  const network = { allowStdio: [process.execPath] };
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-retry-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is started again until it answers, within max_attempts retries', async () => {
    const starts = join(dir, 'starts-ok');
    const conns = new McpConnections({ network });
    try {
      const t = stdio(process.execPath, [script], { env: { DEMO_STARTS: starts, DEMO_CRASH_TIMES: '2' } });
      expect(await conns.callTool(t, 'echo', { text: 'up' }, str, { site, retry: policy(2) })).toBe('up');
      expect(readFileSync(starts, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
    } finally {
      await conns.close();
    }
  });

  it('fails with AS_MCP and its stderr once the retries are spent', async () => {
    const starts = join(dir, 'starts-fail');
    const conns = new McpConnections({ network });
    try {
      const t = stdio(process.execPath, [script], { env: { DEMO_STARTS: starts, DEMO_CRASH_TIMES: '5' } });
      await expect(conns.callTool(t, 'echo', { text: 'up' }, str, { site, retry: policy(1) })).rejects.toThrow(/AS_MCP: .*start 2 fails/);
      expect(readFileSync(starts, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    } finally {
      await conns.close();
    }
  });
});

describe('mcpRetryDelay', () => {
  const p = policy(3);
  const http = (code: number) => Object.assign(new Error(`Streamable HTTP error: Error POSTing to endpoint: busy`), { code });

  it('takes the HTTP status of the SDK errors (streamable HTTP, SSE) and judges it by the policy', () => {
    expect(httpStatusOf(http(503))).toBe(503);
    expect(httpStatusOf(new Error('Error POSTing to endpoint (HTTP 502): bad'))).toBe(502);
    expect(httpStatusOf(new McpError(ErrorCode.InternalError, 'x'))).toBeUndefined();
    expect(mcpRetryDelay(http(503), p, 0, { connecting: false, idempotent: false })).toBe(5);
    expect(mcpRetryDelay(http(503), p, 1, { connecting: false, idempotent: false })).toBe(10);
    expect(mcpRetryDelay(http(401), p, 0, { connecting: true, idempotent: true })).toBeUndefined();
  });

  it('retries network and connection failures, a closed connection or a timeout only when idempotent', () => {
    const network = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(isNetworkFailure(network)).toBe(true);
    expect(mcpRetryDelay(network, p, 0, { connecting: false, idempotent: false })).toBe(5);
    const closed = new McpError(ErrorCode.ConnectionClosed, 'closed');
    expect(mcpRetryDelay(closed, p, 0, { connecting: false, idempotent: false })).toBeUndefined();
    expect(mcpRetryDelay(closed, p, 0, { connecting: false, idempotent: true })).toBe(5);
    expect(mcpRetryDelay(new McpError(ErrorCode.RequestTimeout, 't'), p, 0, { connecting: false, idempotent: false })).toBeUndefined();
    expect(mcpRetryDelay(new RuntimeError('AS_MCP', 'could not connect', {}, { cause: new Error('spawn') }), p, 0, { connecting: true, idempotent: false })).toBe(5);
  });

  it('never retries a refusal, a cancellation, an answer too large, an error the server answered, or a TLS failure', () => {
    for (const code of ['AS_HTTP_REFUSED', 'AS_CANCELLED', 'AS_HTTP_BODY_TOO_LARGE', 'AS_TOOL_FAILED'] as const) {
      expect(mcpRetryDelay(new RuntimeError(code, 'x'), p, 0, { connecting: true, idempotent: true })).toBeUndefined();
    }
    expect(mcpRetryDelay(new McpError(ErrorCode.InvalidParams, 'bad'), p, 0, { connecting: false, idempotent: true })).toBeUndefined();
    const tls = new TypeError('fetch failed', { cause: Object.assign(new Error('self-signed'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }) });
    expect(mcpRetryDelay(tls, p, 0, { connecting: true, idempotent: true })).toBeUndefined();
  });
});
