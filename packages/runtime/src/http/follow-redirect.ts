import type { NetworkPolicy } from '../contract.js';
import type { ErrorSite } from '../errors.js';
import type { HttpRequest } from './build-http-request.js';
import { checkRedirectTarget } from './check-http-target.js';
import { checkUrlAllowList } from './url-allow-list.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Redirects followed per attempt unless `limits.http.maxRedirects` says otherwise; one more is AS_HTTP_REDIRECTS. */
export const MAX_REDIRECTS = 5;
/** Headers dropped when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The request to send after a redirect response, or undefined when `status`
 * is not a redirect (or has no Location). 303, and 301/302 after a POST,
 * become a GET without body; credentials are dropped when the origin
 * changes. A target the SSRF guard refuses (the same rules as the first
 * URL, plus: no other host unless network.allow lists it) throws AS_HTTP_REFUSED.
 */
export function followRedirect(request: HttpRequest, status: number, location: string | null, network: NetworkPolicy | undefined, site: ErrorSite): HttpRequest | undefined {
  if (!REDIRECT_STATUSES.has(status) || !location) return undefined;
  let target: URL;
  try {
    target = new URL(location, request.url);
  } catch {
    return undefined;
  }
  checkRedirectTarget(request.url, request.templatedHost, target, network, site);
  checkUrlAllowList(target, request.allowList, site);
  const toGet = status === 303 || ((status === 301 || status === 302) && request.method === 'POST');
  const headers = Object.assign(Object.create(null) as Record<string, string>, request.headers);
  if (target.origin !== request.url.origin) for (const h of CREDENTIAL_HEADERS) delete headers[h];
  if (toGet) delete headers['content-type'];
  const method = toGet && request.method !== 'HEAD' ? 'GET' : request.method;
  const body = toGet ? undefined : request.body;
  return { method, url: target, headers, ...(body !== undefined ? { body } : {}), templatedHost: request.templatedHost, ...(request.allowList ? { allowList: request.allowList } : {}) };
}
