import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import type { HttpRequest } from './build-http-request.js';
import { redirectAllowed } from './check-http-target.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Redirects followed per attempt. */
export const MAX_REDIRECTS = 5;
/** Headers dropped when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The request to send after a redirect response, or undefined when `status`
 * is not a redirect (or has no Location). 303, and 301/302 after a POST,
 * become a GET without body; credentials are dropped when the origin
 * changes. A target the SSRF guard would refuse throws AS_HTTP_REFUSED.
 */
export function followRedirect(request: HttpRequest, status: number, location: string | null, network: NetworkPolicy | undefined, site: ErrorSite): HttpRequest | undefined {
  if (!REDIRECT_STATUSES.has(status) || !location) return undefined;
  let target: URL;
  try {
    target = new URL(location, request.url);
  } catch {
    return undefined;
  }
  if (!redirectAllowed(request.templatedHost, target, network)) {
    throw new RuntimeError('AS_HTTP_REFUSED', `a redirect to '${target.protocol}//${target.host}' is not allowed`, site, {
      hint: 'the host of the original URL came from an input value; list the redirect target in network.allow',
    });
  }
  const toGet = status === 303 || ((status === 301 || status === 302) && request.method === 'POST');
  const headers = Object.assign(Object.create(null) as Record<string, string>, request.headers);
  if (target.origin !== request.url.origin) for (const h of CREDENTIAL_HEADERS) delete headers[h];
  if (toGet) delete headers['content-type'];
  const method = toGet && request.method !== 'HEAD' ? 'GET' : request.method;
  const body = toGet ? undefined : request.body;
  return { method, url: target, headers, ...(body !== undefined ? { body } : {}), templatedHost: request.templatedHost };
}
