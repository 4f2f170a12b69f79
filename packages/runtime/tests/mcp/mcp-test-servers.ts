import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createDemoServer } from './fixtures/demo-server.mjs';

/** A demo MCP server listening on 127.0.0.1. */
export interface McpTestServer {
  readonly url: string;
  /** MCP sessions opened so far (one per client connection). */
  readonly sessions: () => number;
  /** Headers of the last request. */
  readonly lastHeaders: () => IncomingMessage['headers'];
  /** Common name of the last client certificate (mTLS servers). */
  readonly lastClientCN: () => string | undefined;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type Closer = () => Promise<void>;

/** Streamable HTTP, stateful: one McpServer per session, at /mcp. */
function streamableHandler(count: () => void): [Handler, Closer] {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const handler: Handler = async (req, res) => {
    const sid = req.headers['mcp-session-id'];
    let transport = typeof sid === 'string' ? transports.get(sid) : undefined;
    if (!transport) {
      if (req.method !== 'POST' || sid !== undefined) return void res.writeHead(404).end();
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, created);
          count();
        },
      });
      transport = created;
      await createDemoServer().connect(created);
    }
    await transport.handleRequest(req, res);
  };
  return [handler, async () => void (await Promise.all([...transports.values()].map((t) => t.close())))];
}

/** The legacy HTTP+SSE transport: GET /sse opens a session, POST /messages?sessionId=… carries messages. */
function sseHandler(count: () => void): [Handler, Closer] {
  const transports = new Map<string, SSEServerTransport>();
  const handler: Handler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      res.on('close', () => transports.delete(transport.sessionId));
      count();
      await createDemoServer().connect(transport);
      return;
    }
    const transport = transports.get(url.searchParams.get('sessionId') ?? '');
    if (req.method === 'POST' && transport) return transport.handlePostMessage(req, res);
    res.writeHead(404).end();
  };
  return [handler, async () => void (await Promise.all([...transports.values()].map((t) => t.close())))];
}

/** Start a demo MCP server over `kind`, plain HTTP or, with `tls`, HTTPS requiring a client certificate. */
export async function startMcpServer(kind: 'streamable' | 'sse', tls?: ServerOptions): Promise<McpTestServer> {
  let sessions = 0;
  let lastHeaders: IncomingMessage['headers'] = {};
  let lastClientCN: string | undefined;
  const [handler, closeTransports] = (kind === 'sse' ? sseHandler : streamableHandler)(() => sessions++);
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    lastHeaders = req.headers;
    if (tls) lastClientCN = (req.socket as TLSSocket).getPeerCertificate().subject?.CN as string | undefined;
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
  const server: Server = tls ? createHttpsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scheme = tls ? 'https' : 'http';
  return {
    url: `${scheme}://127.0.0.1:${port}/${kind === 'sse' ? 'sse' : 'mcp'}`,
    sessions: () => sessions,
    lastHeaders: () => lastHeaders,
    lastClientCN: () => lastClientCN,
    close: async () => {
      await closeTransports().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
