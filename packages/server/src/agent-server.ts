import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { a2aRoute } from './a2a/a2a-route.js';
import { agUiRoute } from './ag-ui/ag-ui-route.js';
import { chatApiRoute } from './chat-api.js';
import { mcpRoute } from './mcp/mcp-route.js';
import { playgroundRoute } from './playground/playground-route.js';
import { ServerError } from './errors.js';
import { DEFAULT_GUARDS } from './guards.js';
import { checkBearer, isLoopback } from './http/bearer-auth.js';
import { applyCors, corsOrigins } from './http/cors.js';
import { sendError, sendJson } from './http/respond.js';
import { SessionHost, type SessionHostOptions } from './session-host.js';
import { tracesRoute, type TraceView } from './traces-route.js';
import { SERVER_VERSION } from './version.js';

export interface AgentServerOptions extends SessionHostOptions {
  /** Interface to listen on (default 127.0.0.1). Any other than loopback requires `token`. */
  readonly host?: string;
  /** Port (default 0: a free one). */
  readonly port?: number;
  /** Bearer token every request must carry (`Authorization: Bearer <token>`). */
  readonly token?: string;
  /** Origins whose pages may call the server (CORS); default none. `*` only without a token. */
  readonly cors?: readonly string[];
  /** Renders a session's trace as HTML for `GET /traces/:id/view` (`agentspec serve` gives `agentspec trace view`'s renderer). */
  readonly traceView?: TraceView;
  /** The flow's graph as SVG for the playground (`agentspec graph --format svg`), its nodes highlighted as they run. */
  readonly graphSvg?: string;
}

/** A listening server. */
export interface AgentServer {
  /** `http://host:port` */
  readonly url: string;
  readonly sessions: SessionHost;
  readonly http: Server;
  close(): Promise<void>;
}

/** A route: true when it answered the request. */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/**
 * Serve a spec: `GET /health`, AG-UI at `POST /ag-ui`, the chat API under
 * `/api`, A2A (agent card, JSON-RPC at `/a2a`), MCP at `/mcp`, sessions' traces at `GET /traces/:id`, the playground at `GET /`, every route behind the bearer token when one is set. Refuses
 * (AS_INSECURE_BIND) to listen on a non-loopback host without a token.
 */
export async function startAgentServer(options: AgentServerOptions): Promise<AgentServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.token) {
    throw new ServerError('AS_INSECURE_BIND', `refusing to listen on ${host} without a bearer token`, { hint: 'give --token (or AGENTSPEC_SERVE_TOKEN), or listen on 127.0.0.1' });
  }
  corsOrigins(options.cors, options.token !== undefined);
  const sessions = new SessionHost(options);
  const handle = requestHandler(sessions, options);
  const http = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    sessions,
    http,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await sessions.close();
    },
  };
}

/** The server's request handler (for a server of your own): the routes behind the bearer check, errors as coded JSON. */
export function requestHandler(sessions: SessionHost, options: Pick<AgentServerOptions, 'token' | 'guards' | 'graphSvg' | 'cors' | 'traceView'>, extra: readonly Route[] = []): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const maxBytes = options.guards?.maxRequestBytes ?? DEFAULT_GUARDS.maxRequestBytes;
  const origins = corsOrigins(options.cors, options.token !== undefined);
  const routes: Route[] = [
    async (req, res, url) => {
      if (url.pathname !== '/health') return false;
      if (req.method !== 'GET') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${req.method} /health is not a route (GET)`);
      sendJson(res, 200, { status: 'ok', spec: sessions.component.name, runtime: sessions.runtimeNames[0], runtimes: sessions.runtimeNames, version: SERVER_VERSION });
      return true;
    },
    async (req, res, url) => {
      if (url.pathname !== '/ag-ui') return false;
      if (req.method !== 'POST') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${req.method} /ag-ui is not a route (POST)`);
      await agUiRoute(req, res, sessions, maxBytes);
      return true;
    },
    async (req, res, url) => url.pathname.startsWith('/api/') && chatApiRoute(req, res, url.pathname, sessions, maxBytes),
    a2aRoute(sessions, { secured: options.token !== undefined, maxBytes }),
    mcpRoute(sessions, maxBytes),
    tracesRoute(sessions, options.traceView),
    playgroundRoute(sessions, options.graphSvg, { traces: sessions.traces !== undefined && options.traceView !== undefined }),
    ...extra,
  ];
  return async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (applyCors(req, res, origins)) return;
      checkBearer(req, url, options.token);
      for (const route of routes) if (await route(req, res, url)) return;
      throw new ServerError('AS_NOT_FOUND', `no route ${req.method} ${url.pathname}`);
    } catch (e) {
      sendError(res, e);
    }
  };
}
