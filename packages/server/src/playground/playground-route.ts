import type { Route } from '../agent-server.js';
import { ServerError } from '../errors.js';
import type { SessionHost } from '../session-host.js';
import { playgroundHtml } from './playground-html.js';

/** `GET /`: the playground page, with a Content-Security-Policy that lets it reach nothing but this server. */
export function playgroundRoute(host: SessionHost, graphSvg: string | undefined, options: { readonly traces?: boolean } = {}): Route {
  const html = playgroundHtml({ title: host.component.name, runtimes: host.runtimeNames, isFlow: host.component.component_type === 'Flow', traces: options.traces === true, ...(graphSvg ? { graphSvg } : {}) });
  return async (req, res, url) => {
    if (url.pathname !== '/' && url.pathname !== '/index.html') return false;
    if (req.method !== 'GET') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${req.method} / is not a route (GET)`);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'",
    });
    res.end(html);
    return true;
  };
}
