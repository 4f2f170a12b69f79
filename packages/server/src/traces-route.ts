import type { Trace } from '@agentspec/runtime';
import type { Route } from './agent-server.js';
import { ServerError } from './errors.js';
import { sendJson } from './http/respond.js';
import type { SessionHost } from './session-host.js';

/** Renders traces as one self-contained HTML page (`agentspec trace view`'s renderer, given by the CLI). */
export type TraceView = (traces: readonly Trace[]) => string;

const PATH = /^\/traces\/([^/]+)(\/view)?$/;

/**
 * `GET /traces/:session`: the session's trace as JSON (the trace file
 * format: one trace, or its segments when servers before this one ran it
 * too); `GET /traces/:session/view`: the same as the trace viewer's HTML page
 * (when the server has a `traceView`). AS_NOT_FOUND when the session has no
 * trace (none recorded, or traces off).
 */
export function tracesRoute(host: SessionHost, view: TraceView | undefined): Route {
  return async (req, res, url) => {
    const m = PATH.exec(url.pathname);
    if (!m) return false;
    if (req.method !== 'GET') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${req.method} ${url.pathname} is not a route (GET)`);
    const id = decodeURIComponent(m[1] as string);
    const trace = await host.traces?.get(id);
    if (!trace) throw new ServerError('AS_NOT_FOUND', `no trace of the session '${id}'`, host.traces ? {} : { hint: 'this server records no traces (traces: false)' });
    if (!m[2]) {
      sendJson(res, 200, trace, { 'cache-control': 'no-store' });
      return true;
    }
    if (!view) throw new ServerError('AS_NOT_FOUND', 'this server has no trace viewer', { hint: 'agentspec serve has one; in a program, give startAgentServer a traceView' });
    const html = view(Array.isArray(trace) ? trace as readonly Trace[] : [trace as Trace]);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
    });
    res.end(html);
    return true;
  };
}
