import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpConnections } from '../../src/mcp/index.js';
import { startMcpServer, type McpTestServer } from './mcp-test-servers.js';
import { remote } from './transports.js';

const site = { tool: 'demo' };
const str = [{ title: 'text', type: 'string' as const }];

describe.each(['streamable', 'sse'] as const)('MCP over %s', (kind) => {
  let server: McpTestServer;
  const conns = new McpConnections();
  beforeAll(async () => {
    server = await startMcpServer(kind);
  });
  afterEach(() => conns.close());
  afterAll(() => server.close());

  it('returns structured content for non-string outputs', async () => {
    const t = remote(server.url, kind);
    expect(await conns.callTool(t, 'add', { a: 2, b: 3 }, [{ title: 'sum', type: 'number' }], { site })).toEqual({ sum: 5 });
    expect(await conns.callTool(t, 'add', { a: 1, b: 1 }, [], { site })).toEqual({ sum: 2 });
  });

  it('returns the text verbatim for a single string output, blocks joined with \\n', async () => {
    const t = remote(server.url, kind);
    const text = '  {"b": 1,   "a": [2]}  ';
    expect(await conns.callTool(t, 'echo', { text }, str, { site })).toBe(text);
    expect(await conns.callTool(t, 'echo', { text: 'x', parts: 3 }, str, { site })).toBe('x\nx\nx');
    expect(await conns.callTool(t, 'add', { a: 2, b: 3 }, [{ title: 'sum', type: 'string' }], { site })).toBe('{"sum":5}');
  });

  it('parses JSON text for non-string outputs', async () => {
    const t = remote(server.url, kind);
    expect(await conns.callTool(t, 'echo', { text: '{"a": [1, 2]}' }, [{ title: 'a', type: 'array' }], { site })).toEqual({ a: [1, 2] });
    await expect(conns.callTool(t, 'echo', { text: 'not json' }, [{ title: 'n', type: 'number' }], { site })).rejects.toMatchObject({ code: 'AS_TOOL_RESULT_SHAPE' });
  });

  it('isError, a throwing tool and an unknown tool are AS_TOOL_FAILED with the text', async () => {
    const t = remote(server.url, kind);
    await expect(conns.callTool(t, 'fail', {}, str, { site })).rejects.toThrow(/AS_TOOL_FAILED: .*it broke \[tool 'demo'\]/);
    await expect(conns.callTool(t, 'throws', {}, str, { site })).rejects.toThrow(/AS_TOOL_FAILED: .*thrown inside/);
    await expect(conns.callTool(t, 'nope', {}, str, { site })).rejects.toMatchObject({ code: 'AS_TOOL_FAILED' });
  });

  it('reuses one connection per transport component, close() ends them and later calls reconnect', async () => {
    const before = server.sessions();
    const t = remote(server.url, kind);
    const u = remote(server.url, kind);
    await Promise.all([conns.callTool(t, 'echo', { text: 'a' }, str), conns.callTool(t, 'echo', { text: 'b' }, str)]);
    await conns.callTool(t, 'echo', { text: 'c' }, str);
    expect(server.sessions() - before).toBe(1);
    await conns.callTool(u, 'echo', { text: 'd' }, str);
    expect(server.sessions() - before).toBe(2);
    expect(conns.size).toBe(2);
    await conns.close();
    expect(conns.size).toBe(0);
    expect(await conns.callTool(t, 'echo', { text: 'e' }, str)).toBe('e');
    expect(server.sessions() - before).toBe(3);
  });

  it('sends the transport headers', async () => {
    const t = remote(server.url, kind, { headers: { 'X-Api-Key': 'k-123' } });
    await conns.callTool(t, 'echo', { text: 'h' }, str);
    expect(server.lastHeaders()['x-api-key']).toBe('k-123');
  });

  it('times out after session_parameters.read_timeout_seconds with AS_MCP', async () => {
    const t = remote(server.url, kind, { session_parameters: { read_timeout_seconds: 0.2 } });
    const started = Date.now();
    await expect(conns.callTool(t, 'slow', { ms: 2_000 }, str, { site })).rejects.toThrow(/AS_MCP: no answer within 0.2 s/);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await conns.callTool(t, 'slow', { ms: 10 }, str)).toBe('done');
  });

  it('is cancelled by the signal', async () => {
    const t = remote(server.url, kind);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(conns.callTool(t, 'slow', { ms: 2_000 }, str, { site, signal: controller.signal })).rejects.toMatchObject({ code: 'AS_CANCELLED' });
    await expect(conns.callTool(t, 'echo', { text: 'x' }, str, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'AS_CANCELLED' });
  });

  it('lists the tools with their input schemas', async () => {
    const tools = await conns.listTools(remote(server.url, kind));
    expect(tools.map((t) => t.name).sort()).toEqual(['add', 'echo', 'fail', 'slow', 'throws', 'whereami']);
    const add = tools.find((t) => t.name === 'add');
    expect(add?.description).toBe('Add two numbers');
    expect(add?.inputSchema).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } });
    expect(add?.outputSchema).toMatchObject({ properties: { sum: { type: 'number' } } });
  });
});

describe('unreachable MCP servers', () => {
  it.each(['streamable', 'sse'] as const)('%s: AS_MCP, and the failed connection is not kept', async (kind) => {
    const server = await startMcpServer(kind);
    await server.close();
    const conns = new McpConnections();
    const t = remote(server.url, kind);
    await expect(conns.callTool(t, 'echo', { text: 'x' }, str, { site })).rejects.toThrow(/AS_MCP: connecting to the MCP server http:\/\/127\.0\.0\.1:\d+\/\w+ failed/);
    expect(conns.size).toBe(0);
    await conns.close();
  });

  it('a URL that is not http(s) is AS_MCP', async () => {
    const conns = new McpConnections();
    await expect(conns.callTool(remote('file:///tmp/x', 'streamable'), 'echo', {}, str)).rejects.toMatchObject({ code: 'AS_MCP' });
    await expect(conns.callTool(remote('not a url', 'sse'), 'echo', {}, str)).rejects.toMatchObject({ code: 'AS_MCP' });
  });
});
