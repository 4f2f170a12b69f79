/**
 * The MCP local servers: the conformance McpServer (mcp-server/server.mjs)
 * over streamable HTTP (`mcp-http`, stateless, at /mcp; a flaky variant at
 * /mcp/flaky/<key>) and over SSE (`mcp-sse`: GET /sse, POST /messages), and
 * the command line of its stdio variant (`mcp-stdio`), which the runtime
 * under test starts itself. The tools of one local server share their state
 * (the executions `tally` counts) across its connections.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createConformanceMcpServer, newServerState } from '../../mcp-server/server.mjs';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function notFound(res: ServerResponse, what: string): void {
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `not found: ${what}` }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

/**
 * Streamable HTTP, stateless: a fresh server and transport per request. At
 * `/mcp/flaky/<key>?failures=N&on=<method>` the same server answers 503 to the
 * first N POSTs with that key (default 1) whose JSON-RPC method is `on` (any
 * when absent), counted per key.
 */
export function mcpHttpHandler(): Handler {
  const state = newServerState();
  const attempts = new Map<string, number>();
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const flaky = /^\/mcp\/flaky\/([^/]+)$/.exec(url.pathname);
    if (url.pathname !== '/mcp' && !flaky) return notFound(res, req.url ?? '');
    let body: unknown;
    if (flaky && req.method === 'POST') {
      body = await readJson(req);
      const on = url.searchParams.get('on');
      if (on === null || (body as { method?: unknown } | undefined)?.method === on) {
        const key = decodeURIComponent(flaky[1]!);
        const count = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, count);
        if (count <= (Number(url.searchParams.get('failures') ?? 1) || 0)) {
          res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'try again', attempt: count }));
          return;
        }
      }
    }
    const server = createConformanceMcpServer(state);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}

/** SSE: one server per GET /sse stream, messages posted to /messages?sessionId=…. */
export function mcpSseHandler(): Handler {
  const state = newServerState();
  const transports = new Map<string, SSEServerTransport>();
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      res.on('close', () => transports.delete(transport.sessionId));
      await createConformanceMcpServer(state).connect(transport);
      return;
    }
    const transport = transports.get(url.searchParams.get('sessionId') ?? '');
    if (req.method === 'POST' && url.pathname === '/messages' && transport) return transport.handlePostMessage(req, res);
    return notFound(res, `${req.method} ${req.url}`);
  };
}

/** `node <this package>/mcp-server/stdio.mjs`: what `${mcp-stdio-command}` and `${mcp-stdio-args}` stand for. */
export const MCP_STDIO_COMMAND = {
  command: 'node',
  args: [fileURLToPath(new URL('../../mcp-server/stdio.mjs', import.meta.url))],
} as const;
