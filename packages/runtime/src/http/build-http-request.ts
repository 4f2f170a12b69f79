import type { HttpCall } from '@agentspec/core';
import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { renderDeep, renderTemplate, renderValue } from '../semantics/templates.js';
import { checkHttpTarget, hostIsTemplated } from './check-http-target.js';
import { appendParam, encodeHttpBody } from './encode-http-body.js';
import { checkUrlAllowList } from './url-allow-list.js';

/** A checked, ready-to-send HTTP request. */
export interface HttpRequest {
  /** Upper-cased method. */
  readonly method: string;
  readonly url: URL;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The URL's host came from a placeholder (redirects are then checked against network.allow too). */
  readonly templatedHost: boolean;
  /** The component's `url_allow_list` (Agent Spec 26.1.2): the first URL and every redirect hop must be in it. */
  readonly allowList?: readonly string[];
}

/**
 * Build the request of an ApiNode / RemoteTool from its HttpCall fields and
 * the input values (DESIGN §4.2): url, headers, query params and data are
 * rendered (nested strings and keys too), query params appended (arrays
 * repeat the key), the body encoded by {@link encodeHttpBody}. The target is
 * checked by {@link checkHttpTarget} (SSRF guard) — no I/O happens here.
 */
export function buildHttpRequest(call: HttpCall, values: Readonly<Record<string, unknown>>, network: NetworkPolicy | undefined, site: ErrorSite): HttpRequest {
  const method = renderTemplate(call.http_method || 'GET', values).trim().toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new RuntimeError('AS_HTTP_REFUSED', `'${method}' is not an HTTP method`, site);
  const url = checkHttpTarget(call.url, renderTemplate(call.url, values), network, site);
  // a url_allow_list narrows what the SSRF guard lets through; it never widens it
  const allowList = call.url_allow_list ?? undefined;
  checkUrlAllowList(url, allowList, site);
  appendQuery(url, renderDeep(call.query_params ?? {}, values));
  const headers = renderHeaders(call.headers ?? {}, values, site);
  const encoded = encodeHttpBody(method, renderDeep(call.data, values), headers['content-type']);
  if (encoded?.contentType && headers['content-type'] === undefined) headers['content-type'] = encoded.contentType;
  return { method, url, headers, ...(encoded ? { body: encoded.body } : {}), templatedHost: hostIsTemplated(call.url), ...(allowList ? { allowList } : {}) };
}

/** Render header names and values; names lower-cased, null/undefined values left out, the result validated. */
export function renderHeaders(headers: object, values: Readonly<Record<string, unknown>>, site: ErrorSite): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(renderDeep(headers, values) as object)) {
    if (value === undefined || value === null) continue;
    const name = key.trim().toLowerCase();
    const text = renderValue(value);
    try {
      new Headers([[name, text]]);
    } catch {
      throw new RuntimeError('AS_HTTP_REFUSED', `the header '${name.slice(0, 60)}' has an invalid name or value after rendering`, site);
    }
    out[name] = text;
  }
  return out;
}

/** Append rendered query params to the URL, leaving a query already in the URL exactly as written. */
function appendQuery(url: URL, query: unknown): void {
  if (query === null || typeof query !== 'object') return;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) appendParam(params, key, value);
  const extra = params.toString();
  if (extra) url.search = url.search.length > 1 ? `${url.search}&${extra}` : `?${extra}`;
}
