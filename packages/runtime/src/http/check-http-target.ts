import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { addressClass } from './address-class.js';

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
 * any connection: the rendered URL must be an absolute http(s) URL, and
 * {@link targetRefusal} must have nothing against it. Returns the parsed
 * URL; throws AS_HTTP_REFUSED otherwise.
 */
export function checkHttpTarget(urlTemplate: string, renderedUrl: string, network: NetworkPolicy | undefined, site: ErrorSite): URL {
  let url: URL;
  try {
    url = new URL(renderedUrl);
  } catch {
    throw new RuntimeError('AS_HTTP_REFUSED', `'${excerpt(renderedUrl)}' is not an absolute URL`, site);
  }
  const refusal = targetRefusal(url, { templatedHost: hostIsTemplated(urlTemplate) }, network);
  if (refusal) throw new RuntimeError('AS_HTTP_REFUSED', refusal, site, hintFor(url));
  return url;
}

/** Where a hop comes from: whether the spec's URL had a templated host, and for a redirect the URL that answered it. */
export interface HopOrigin {
  readonly templatedHost: boolean;
  readonly from?: URL;
}

/**
 * Why a request to `url` is refused, or undefined when it may be sent — the
 * one rule for the first URL and every redirect hop. A host listed in
 * `network.allow` (host or host:port) is always allowed. Otherwise refused:
 * a scheme other than http(s); a host that came from an input value; a
 * redirect to another host than the one that answered it; a link-local or
 * private address (loopback is allowed only as the spec's own fixed host).
 */
export function targetRefusal(url: URL, origin: HopOrigin, network: NetworkPolicy | undefined): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${origin.from ? 'a redirect to' : 'the URL scheme'} '${url.protocol}' is not allowed; only http: and https: are`;
  }
  if (hostAllowed(url, network?.allow)) return undefined;
  if (origin.from && bare(origin.from.hostname) !== bare(url.hostname)) {
    return `a redirect to another host, '${url.protocol}//${url.host}', is not allowed: it is not in network.allow`;
  }
  if (origin.templatedHost) return `the host '${url.hostname}' comes from an input value and is not in network.allow`;
  const kind = addressClass(url.hostname);
  if (kind === 'link-local' || kind === 'private') return `the host '${url.hostname}' is a ${kind} address and is not in network.allow`;
  return undefined;
}

/** How to allow the host; none when the scheme is what is refused (network.allow cannot allow it). */
function hintFor(url: URL): { hint: string } | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { hint: `list '${url.hostname}' (or '${url.hostname}:${defaultPort(url)}') in the network.allow load option to allow it` };
}

/** AS_HTTP_REFUSED for a host name that resolved to an address the guard refuses (see resolved-address-guard.ts). */
export function resolvedAddressError(refused: { readonly hostname: string; readonly address: string; readonly kind: string }, site: ErrorSite): RuntimeError {
  return new RuntimeError('AS_HTTP_REFUSED', `the host '${refused.hostname}' resolves to a ${refused.kind} address (${refused.address}) and is not in network.allow`, site, {
    hint: `list '${refused.hostname}' in the network.allow load option to allow it`,
  });
}

/** Throw AS_HTTP_REFUSED when a redirect from `from` to `target` is refused by {@link targetRefusal}. */
export function checkRedirectTarget(from: URL, templatedHost: boolean, target: URL, network: NetworkPolicy | undefined, site: ErrorSite): void {
  const refusal = targetRefusal(target, { templatedHost, from }, network);
  if (refusal) throw new RuntimeError('AS_HTTP_REFUSED', refusal, site, hintFor(target));
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function excerpt(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
