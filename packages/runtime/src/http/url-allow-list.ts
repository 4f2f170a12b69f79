import { RuntimeError, type ErrorSite } from '../errors.js';

/**
 * Whether `url` is allowed by a `url_allow_list` (Agent Spec 26.1.2, ApiNode
 * and RemoteTool): some entry has the same scheme, host and port, and a path
 * that is a prefix of the URL's path — on whole segments, so that
 * `https://example.com/orders` allows `/orders` and `/orders/123` but not
 * `/orders-archive`. Query and fragment are not compared. An entry that is
 * not an absolute URL allows nothing.
 */
export function urlAllowed(url: URL, allowList: readonly string[]): boolean {
  return allowList.some((entry) => {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      return false;
    }
    if (allowed.protocol !== url.protocol || allowed.hostname.toLowerCase() !== url.hostname.toLowerCase() || portOf(allowed) !== portOf(url)) return false;
    const prefix = allowed.pathname;
    if (!url.pathname.startsWith(prefix)) return false;
    return prefix.endsWith('/') || url.pathname.length === prefix.length || url.pathname[prefix.length] === '/';
  });
}

/** AS_HTTP_REFUSED when the component has a `url_allow_list` and `url` (a first URL or a redirect hop) is not in it. */
export function checkUrlAllowList(url: URL, allowList: readonly string[] | null | undefined, site: ErrorSite): void {
  if (!allowList || urlAllowed(url, allowList)) return;
  throw new RuntimeError('AS_HTTP_REFUSED', `'${url.origin}${url.pathname}' is not in the url_allow_list of the component (${allowList.length} entr${allowList.length === 1 ? 'y' : 'ies'})`, site, {
    hint: 'the url_allow_list of an ApiNode or RemoteTool allows URLs by scheme, host, port and path prefix',
  });
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
}
