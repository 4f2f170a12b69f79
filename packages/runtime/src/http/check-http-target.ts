import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';

const SCHEME_PREFIX = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//;

/**
 * Whether the host part of a URL template (`scheme://HOST[:port]/…`) comes
 * from a placeholder: a placeholder in the scheme, user info, host or port,
 * or a template that does not start with a literal `scheme://`. A
 * placeholder right after the host (`https://example.com{{path}}`) counts as
 * well, since its value could extend the host name.
 */
export function hostIsTemplated(urlTemplate: string): boolean {
  const scheme = SCHEME_PREFIX.exec(urlTemplate);
  if (!scheme) return urlTemplate.includes('{{');
  const rest = urlTemplate.slice(scheme[0].length);
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  return scheme[0].includes('{{') || authority.includes('{{');
}

/** Host names as written in `network.allow` and in URLs compare without IPv6 brackets, case-insensitively. */
function bare(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Whether `url`'s host, or host:port, is listed in `allow`. */
export function hostAllowed(url: URL, allow: readonly string[] | undefined): boolean {
  if (!allow || allow.length === 0) return false;
  const host = bare(url.hostname);
  const port = defaultPort(url);
  return allow.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (bare(e) === host) return true;
    const colon = e.lastIndexOf(':');
    if (colon <= 0 || e.endsWith(']')) return false;
    return bare(e.slice(0, colon)) === host && e.slice(colon + 1) === port;
  });
}

/**
 * The SSRF guard of ApiNode / RemoteTool (DESIGN §4.2, §11), checked before
 * any connection: the rendered URL must be an absolute http(s) URL, and when
 * the template's host comes from a placeholder the rendered host (or
 * host:port) must be listed in `network.allow`. Returns the parsed URL;
 * throws AS_HTTP_REFUSED otherwise.
 */
export function checkHttpTarget(urlTemplate: string, renderedUrl: string, network: NetworkPolicy | undefined, site: ErrorSite): URL {
  let url: URL;
  try {
    url = new URL(renderedUrl);
  } catch {
    throw new RuntimeError('AS_HTTP_REFUSED', `'${excerpt(renderedUrl)}' is not an absolute URL`, site);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RuntimeError('AS_HTTP_REFUSED', `the URL scheme '${url.protocol}' is not allowed; only http: and https: are`, site);
  }
  if (hostIsTemplated(urlTemplate) && !hostAllowed(url, network?.allow)) {
    const port = defaultPort(url);
    throw new RuntimeError('AS_HTTP_REFUSED', `the host '${url.hostname}' comes from an input value and is not in network.allow`, site, {
      hint: `list '${url.hostname}' (or '${url.hostname}:${port}') in the network.allow load option to allow it`,
    });
  }
  return url;
}

/** Whether a redirect from a checked URL to `target` is allowed by the same rules. */
export function redirectAllowed(templatedHost: boolean, target: URL, network: NetworkPolicy | undefined): boolean {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  return !templatedHost || hostAllowed(target, network?.allow);
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function excerpt(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
