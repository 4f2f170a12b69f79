import type { IncomingMessage } from 'node:http';
import { AgentCard, A2A_PROTOCOL_VERSION } from '@a2a-js/sdk';
import { A2A_LEGACY_PROTOCOL_VERSION } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { DefaultRequestHandler, defaultServerCallContextBuilder, JsonRpcTransportHandler, validateVersion } from '@a2a-js/sdk/server';
import type { Route } from '../agent-server.js';
import { ServerError } from '../errors.js';
import { readJson } from '../http/read-body.js';
import { sendJson } from '../http/respond.js';
import { startSse } from '../http/sse.js';
import type { SessionHost } from '../session-host.js';
import { agentCard } from './agent-card.js';
import { SpecAgentExecutor } from './a2a-executor.js';
import { SessionTaskStore } from './session-task-store.js';

/**
 * A2A over JSON-RPC with `@a2a-js/sdk`'s framework-agnostic transport
 * handlers: the agent card at `/.well-known/agent-card.json`, JSON-RPC at
 * `POST /a2a` — A2A 1.0 (`SendMessage`, `SendStreamingMessage`, `GetTask`,
 * `CancelTask`, …) when the client sends `A2A-Version: 1.0`, else 0.3
 * (`message/send`, `message/stream`, `tasks/get`, `tasks/cancel`). Tasks are
 * kept in the session store beside the sessions they run, so they outlive
 * the process.
 */
export function a2aRoute(host: SessionHost, options: { readonly secured: boolean; readonly maxBytes: number }): Route {
  let handler: DefaultRequestHandler | undefined;
  const handlerFor = (base: string) => (handler ??= new DefaultRequestHandler(agentCard(host.component, base, options.secured), new SessionTaskStore(host.store), new SpecAgentExecutor(host)));
  const v1 = (base: string) => new JsonRpcTransportHandler(handlerFor(base));
  return async (req, res, url) => {
    const base = baseUrl(req);
    if (url.pathname === '/.well-known/agent-card.json' || url.pathname === '/.well-known/agent.json') {
      if (req.method !== 'GET') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${req.method} ${url.pathname} is not a route (GET)`);
      sendJson(res, 200, AgentCard.toJSON(await handlerFor(base).getAgentCard()), { 'cache-control': 'no-cache' });
      return true;
    }
    if (url.pathname !== '/a2a') return false;
    if (req.method !== 'POST') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${req.method} /a2a is not a route (POST JSON-RPC)`);
    const body = await readJson(req, options.maxBytes);
    const header = req.headers['a2a-version'];
    const requested = typeof header === 'string' && header !== '' ? header : A2A_LEGACY_PROTOCOL_VERSION;
    const legacy = requested === A2A_LEGACY_PROTOCOL_VERSION;
    const context = defaultServerCallContextBuilder({ extensions: undefined, user: undefined, headers: req.headers as Record<string, string>, requestedVersion: requested });
    let answer: unknown;
    try {
      validateVersion(requested, await handlerFor(base).getAgentCard(), 'JSONRPC');
      answer = await (legacy ? new LegacyJsonRpcTransportHandler(handlerFor(base)) : v1(base)).handle(body, context);
    } catch (e) {
      const error = legacy ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(e) : JsonRpcTransportHandler.mapToJSONRPCError(e);
      sendJson(res, 200, { jsonrpc: '2.0', id: body.id ?? null, error });
      return true;
    }
    if (typeof (answer as AsyncGenerator)?.[Symbol.asyncIterator] !== 'function') {
      sendJson(res, 200, answer, { 'a2a-version': legacy ? A2A_LEGACY_PROTOCOL_VERSION : A2A_PROTOCOL_VERSION });
      return true;
    }
    startSse(res);
    try {
      for await (const event of answer as AsyncGenerator) res.write(`data: ${JSON.stringify(event)}\n\n`);
    } catch (e) {
      const error = legacy ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(e) : JsonRpcTransportHandler.mapToJSONRPCError(e);
      res.write(`event: error\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: body.id ?? null, error })}\n\n`);
    }
    res.end();
    return true;
  };
}

/** The URL the client reached this server at (for the card's interface URLs). */
function baseUrl(req: IncomingMessage): string {
  const host = req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`;
  return `http://${host}`;
}
