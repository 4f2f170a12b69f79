import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServerError } from '../errors.js';

/** What a browser page on an allowed origin may send: the methods of the routes, and the headers the protocols use. */
const METHODS = 'GET, POST, DELETE, OPTIONS';
const HEADERS = 'authorization, content-type, accept, a2a-version, mcp-protocol-version, mcp-session-id, last-event-id';
const EXPOSED = 'a2a-version, mcp-session-id, www-authenticate';

/**
 * Cross-origin access for the listed origins only (none by default: no CORS
 * headers at all, browsers reach the server only from its own origin). A
 * request from a listed origin gets `Access-Control-Allow-Origin` with that
 * origin (never `*` when the server has a token: `*` is only accepted on a
 * server without one); a preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) is answered 204 for a listed origin,
 * refused 403 (AS_ORIGIN_NOT_ALLOWED, no CORS headers) for any other. True
 * when the request was a preflight (answered here, before the bearer check:
 * browsers send preflights without credentials).
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): boolean {
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (origins.length === 0 && !preflight) return false;
  const allowed = origin !== undefined && (origins.includes(origin) || origins.includes('*'));
  if (allowed) {
    res.setHeader('access-control-allow-origin', origins.includes(origin) ? origin : '*');
    res.setHeader('vary', 'Origin');
    res.setHeader('access-control-expose-headers', EXPOSED);
  }
  if (!preflight) return false;
  if (!allowed) throw new ServerError('AS_ORIGIN_NOT_ALLOWED', `cross-origin requests from ${origin ?? '(no origin)'} are not allowed`, { hint: 'list the origin in --cors' });
  res.writeHead(204, { 'access-control-allow-methods': METHODS, 'access-control-allow-headers': HEADERS, 'access-control-max-age': '600', 'content-length': '0' });
  res.end();
  return true;
}

/** The origins of a `--cors` value, checked: each `scheme://host[:port]`, or `*` (only without a bearer token). */
export function corsOrigins(value: string | readonly string[] | undefined, secured: boolean): readonly string[] {
  const list = (typeof value === 'string' ? value.split(',') : value ?? []).map((o) => o.trim()).filter((o) => o !== '');
  for (const o of list) {
    if (o === '*') {
      if (secured) throw new ServerError('AS_INSECURE_CORS', 'CORS for any origin (*) is refused on a server with a bearer token', { hint: 'list the origins of the pages that call the server' });
      continue;
    }
    let url: URL;
    try {
      url = new URL(o);
    } catch {
      throw new ServerError('AS_INSECURE_CORS', `'${o}' is not an origin (scheme://host[:port])`);
    }
    if (url.origin !== o.replace(/\/$/, '') || url.origin === 'null') throw new ServerError('AS_INSECURE_CORS', `'${o}' is not an origin (scheme://host[:port], no path)`, { hint: `did you mean ${url.origin}?` });
  }
  return list.map((o) => o.replace(/\/$/, ''));
}
