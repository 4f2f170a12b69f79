import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { startLocalServers, type LocalServers } from '../src/servers/local-servers.js';
import { placeholdersOf, substitute } from '../src/servers/placeholders.js';

let servers: LocalServers;
beforeAll(async () => {
  servers = await startLocalServers(['http', 'mcp-http', 'mcp-sse', 'mcp-stdio']);
});
afterAll(async () => {
  await servers.close();
});

const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${servers.substitutions.http}${path}`, init);
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') ? await res.json() : await res.text() };
};

describe('placeholders', () => {
  it('gives every server its address and substitutes them in spec text', () => {
    const s = servers.substitutions;
    expect(s.http).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s['mcp-http']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(s['mcp-sse']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sse$/);
    expect(s['mcp-stdio-command']).toBe('node');
    expect(JSON.parse(s['mcp-stdio-args']!)).toEqual([expect.stringMatching(/mcp-server\/stdio\.mjs$/)]);
    expect(JSON.parse(s['mcp-stdio-script']!)).toBe(JSON.parse(s['mcp-stdio-args']!)[0]);
    const text = 'url: ${http}/echo\ncommand: ${mcp-stdio-command}\nargs: ${mcp-stdio-args}\nkeep: ${other} {{x}}\n';
    expect(placeholdersOf(text)).toEqual(['http', 'mcp-stdio-command', 'mcp-stdio-args']);
    expect(substitute(text, s)).toBe(`url: ${s.http}/echo\ncommand: node\nargs: ${s['mcp-stdio-args']}\nkeep: \${other} {{x}}\n`);
    expect(() => substitute('${mcp-sse}', { http: 'x' })).toThrow('${mcp-sse} is used but its server was not started');
  });
});

describe('the http JSON API', () => {
  it('answers its routes', async () => {
    expect(await get('/weather?city=Paris')).toEqual({ status: 200, body: { city: 'Paris', forecast: 'sunny', temperature: 21 } });
    expect(await get('/capitals/Japan')).toEqual({ status: 200, body: { country: 'Japan', capital: 'Tokyo' } });
    expect(await get('/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":2,"b":3}' })).toEqual({ status: 200, body: { sum: 5 } });
    expect((await get('/add', { method: 'POST', body: '{"a":"2"}' })).status).toBe(400);
    expect((await get('/items')).body).toHaveLength(3);
    expect(await get('/text')).toEqual({ status: 200, body: 'plain text response' });
    expect(await get('/status/503')).toEqual({ status: 503, body: { status: 503 } });
    expect(await get('/slow?ms=20')).toEqual({ status: 200, body: { done: true, ms: 20 } });
    expect((await get('/nope')).status).toBe(404);
  });

  it('echoes method, query, the headers a spec sets and the body (JSON, form, text)', async () => {
    const json = await get('/echo?q=1&tag=a&tag=b', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-trace': 't1', 'authorization': 'Bearer k' }, body: '{"n":1}' });
    expect(json.body).toEqual({
      method: 'PUT', path: '/echo', query: { q: '1', tag: ['a', 'b'] },
      headers: { 'content-type': 'application/json', 'x-trace': 't1', 'authorization': 'Bearer k' }, body: { n: 1 },
    });
    const form = await get('/echo', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=two' });
    expect((form.body as { body: unknown }).body).toEqual({ a: '1', b: 'two' });
    const text = await get('/echo', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'raw' });
    expect((text.body as { body: unknown }).body).toBe('raw');
    expect(((await get('/echo')).body as { body: unknown }).body).toBeNull();
  });

  it('fails /flaky the first N times per key', async () => {
    expect((await get('/flaky/k1?failures=2')).status).toBe(503);
    expect((await get('/flaky/k1?failures=2')).status).toBe(503);
    expect(await get('/flaky/k1?failures=2')).toEqual({ status: 200, body: { ok: true, attempts: 3 } });
    expect((await get('/flaky/k2')).status).toBe(503);
  });
});

describe('the MCP server over every transport', () => {
  const transports: Record<string, () => Transport> = {
    'mcp-http': () => new StreamableHTTPClientTransport(new URL(servers.substitutions['mcp-http']!)),
    'mcp-sse': () => new SSEClientTransport(new URL(servers.substitutions['mcp-sse']!)),
    'mcp-stdio': () => new StdioClientTransport({ command: 'node', args: JSON.parse(servers.substitutions['mcp-stdio-args']!) as string[] }),
  };
  for (const [name, transport] of Object.entries(transports)) {
    it(`${name}: lists and calls the tools`, async () => {
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(transport());
      try {
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toEqual(['add', 'echo', 'get_weather', 'lookup_capital', 'get_user', 'big', 'fail', 'tally']);
        expect(await client.callTool({ name: 'big', arguments: { bytes: 5 } })).toMatchObject({ content: [{ type: 'text', text: 'xxxxx' }] });
        expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).toMatchObject({ content: [{ type: 'text', text: '42' }] });
        expect(await client.callTool({ name: 'get_user', arguments: { id: 1 } })).toMatchObject({ content: [{ text: '{"id":1,"name":"Ada Lovelace","email":"ada@example.com"}' }] });
        expect(await client.callTool({ name: 'fail', arguments: { reason: 'x' } })).toMatchObject({ isError: true, content: [{ text: 'failed: x' }] });
        expect(await client.callTool({ name: 'tally', arguments: { key: name } })).toMatchObject({ content: [{ text: `tally ${name} #1` }] });
      } finally {
        await client.close();
      }
    });
  }
});

describe('the MCP server over streamable HTTP, across connections', () => {
  const connect = async (path: string) => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${servers.substitutions['mcp-http']!}${path}`)));
    return client;
  };

  it('counts tally executions per key across its connections', async () => {
    const [a, b] = [await connect(''), await connect('')];
    try {
      expect(await a.callTool({ name: 'tally', arguments: { key: 'shared' } })).toMatchObject({ content: [{ text: 'tally shared #1' }] });
      expect(await b.callTool({ name: 'tally', arguments: { key: 'shared' } })).toMatchObject({ content: [{ text: 'tally shared #2' }] });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('fails /mcp/flaky/<key> with 503 the first N times for the JSON-RPC method named by on, then serves it', async () => {
    const client = await connect('/flaky/f1?failures=2&on=tools/call');
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await expect(client.callTool({ name: 'echo', arguments: { text: 'a' } })).rejects.toMatchObject({ code: 503 });
      await expect(client.callTool({ name: 'echo', arguments: { text: 'a' } })).rejects.toMatchObject({ code: 503 });
      expect(await client.callTool({ name: 'echo', arguments: { text: 'a' } })).toMatchObject({ content: [{ text: 'a' }] });
    } finally {
      await client.close();
    }
    // without on, any request fails, the handshake first
    const refused = new Client({ name: 'test', version: '1' });
    await expect(refused.connect(new StreamableHTTPClientTransport(new URL(`${servers.substitutions['mcp-http']!}/flaky/f2`)))).rejects.toMatchObject({ code: 503 });
    const next = await connect('/flaky/f2');
    await next.close();
  });
});
