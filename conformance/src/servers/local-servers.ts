/**
 * Starting the local servers a case asks for (`servers:`) on 127.0.0.1:0;
 * their addresses go into the spec text (placeholders.ts, CASES.md "Local servers").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerName } from '../case-types.js';
import { httpApi } from './http-api.js';
import { MCP_STDIO_COMMAND, mcpHttpHandler, mcpSseHandler } from './mcp.js';
import { startA2aAgent } from './a2a.js';

export interface LocalServers {
  /** Placeholder name → text to put in the spec. */
  readonly substitutions: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

async function listen(handler: Handler): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: (e as Error).message }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

/** Starts the servers; call `close()` when the case is over, whatever happened. */
export async function startLocalServers(names: readonly ServerName[]): Promise<LocalServers> {
  const servers: Server[] = [];
  const others: { close(): Promise<void> }[] = [];
  const substitutions: Record<string, string> = {};
  const close = async (): Promise<void> => {
    await Promise.all([...servers.map(stop), ...others.map((o) => o.close())]);
  };
  try {
    for (const name of new Set(names)) {
      if (name === 'mcp-stdio') {
        substitutions['mcp-stdio-command'] = MCP_STDIO_COMMAND.command;
        substitutions['mcp-stdio-args'] = JSON.stringify(MCP_STDIO_COMMAND.args);
        substitutions['mcp-stdio-script'] = JSON.stringify(MCP_STDIO_COMMAND.args[0]);
        continue;
      }
      if (name === 'a2a' || name === 'a2a-blocking' || name === 'a2a-auth') {
        const agent = await startA2aAgent(name);
        others.push(agent);
        substitutions[name] = agent.url;
        continue;
      }
      const handler = name === 'http' ? httpApi() : name === 'mcp-http' ? mcpHttpHandler() : mcpSseHandler();
      const { server, base } = await listen(handler);
      servers.push(server);
      substitutions[name] = name === 'http' ? base : name === 'mcp-http' ? `${base}/mcp` : `${base}/sse`;
    }
  } catch (e) {
    await close();
    throw e;
  }
  return { substitutions, close };
}
