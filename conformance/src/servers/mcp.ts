/**
 * The MCP local servers: the conformance McpServer (mcp-server/server.mjs)
 * over streamable HTTP (`mcp-http`, stateless, at /mcp) and over SSE
 * (`mcp-sse`: GET /sse, POST /messages), and the command line of its stdio
 * variant (`mcp-stdio`), which the runtime under test starts itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createConformanceMcpServer } from '../../mcp-server/server.mjs';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function notFound(res: ServerResponse, what: string): void {
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `not found: ${what}` }));
}

/** Streamable HTTP, stateless: a fresh server and transport per request. */
export function mcpHttpHandler(): Handler {
  return async (req, res) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return notFound(res, req.url ?? '');
    const server = createConformanceMcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
}

/** SSE: one server per GET /sse stream, messages posted to /messages?sessionId=…. */
export function mcpSseHandler(): Handler {
  const transports = new Map<string, SSEServerTransport>();
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      res.on('close', () => transports.delete(transport.sessionId));
      await createConformanceMcpServer().connect(transport);
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
