import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createDemoServer } from './fixtures/demo-server.mjs';

/**
 * The demo MCP server over streamable HTTP (stateless, a server per request) that answers `status` to the first
 * `failures` POSTs of the JSON-RPC method `on` (any when undefined), per path; it counts POSTs and tool calls run.
 */
export interface Flaky { readonly base: string; readonly posts: Map<string, number>; readonly calls: () => number; close(): Promise<void> }
export async function startFlaky(): Promise<Flaky> {
  const posts = new Map<string, number>();
  const failed = new Map<string, number>();
  let calls = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = req.method === 'POST' ? await json(req) : undefined;
      if (req.method === 'POST') posts.set(url.pathname, (posts.get(url.pathname) ?? 0) + 1);
      const on = url.searchParams.get('on');
      const method = (body as { method?: string } | undefined)?.method;
      if (req.method === 'POST' && (on === null || method === on)) {
        const n = (failed.get(url.pathname) ?? 0) + 1;
        failed.set(url.pathname, n);
        if (n <= Number(url.searchParams.get('failures') ?? 0)) return void res.writeHead(Number(url.searchParams.get('status') ?? 503)).end('busy');
      }
      if (method === 'tools/call') calls++;
      const mcp = createDemoServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void transport.close());
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch(() => res.headersSent || res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posts, calls: () => calls,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function json(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
}
