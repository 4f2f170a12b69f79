import type { Snippet } from './snippet.js';

/**
 * The HTTP call of a RemoteTool in an emitted module: the same rules as
 * \`callHttp\` of @agentspec/runtime (http/call-http.ts and the files it uses:
 * the SSRF guard of check-http-target.ts and address-class.ts, redirects of
 * follow-redirect.ts, the body cap of read-http-body.ts, url-allow-list.ts,
 * the retries of http-retry-policy.ts), with the same error codes.
 */
export const httpCall: Snippet<'codedError' | 'hostListed' | 'isObject' | 'isTlsFailure' | 'pause' | 'specRetryPolicy' | 'valueText'> = {
  declares: [
    'HttpRequest', 'HttpOptions', 'httpCall', 'HttpHop', 'HttpOutcome', 'httpAttempt', 'httpRefusal', 'addressKind', 'urlAllowed',
    'nextHop', 'readBody', 'httpHeaders', 'appendParams', 'encodeBody', 'decodeBody', 'retryDelay',
    'HttpLookup', 'httpDispatcher', 'resolvedKind', 'httpAgentClass', 'httpDispatchers', 'AddressRefused', 'httpSpecDelay', 'httpErrorCode',
  ],
  needs: ['codedError', 'hostListed', 'isObject', 'isTlsFailure', 'pause', 'specRetryPolicy', 'valueText'],
  code: `/** A RemoteTool request, rendered from the arguments of the call. */
interface HttpRequest {
  readonly method: string;
  readonly url: string;
  /** The URL's host came from an argument: it must be listed in \`allow\` (SSRF guard). */
  readonly templatedHost: boolean;
  readonly query?: unknown;
  readonly headers?: unknown;
  readonly data?: unknown;
  /** The tool's \`url_allow_list\` (Agent Spec 26.1.2): the first URL and every redirect hop must be in it. */
  readonly urlAllowList?: readonly string[] | undefined;
  /** The tool's \`retry_policy\` (Agent Spec 26.1.2): when given, it decides the retries instead of \`options.retries\`. */
  readonly retryPolicy?: SpecRetryPolicy | undefined;
}

/** Where RemoteTools may go and the limits of a call (the runtime's \`network.allow\` and \`limits.http\`). */
interface HttpOptions {
  /** Hosts (host or host:port) allowed although templated, private, link-local or reached by a redirect to another host. */
  readonly allow?: readonly string[] | undefined;
  /** Time allowed to each attempt, body included (default 30 000 ms); a timed-out attempt is not retried. */
  readonly timeoutMs?: number | undefined;
  /** Retries on network errors, 429 and 5xx (default 2). */
  readonly retries?: number | undefined;
  /** Redirects followed per attempt (default 5). */
  readonly maxRedirects?: number | undefined;
  /** Bytes of a response body read at most (default 10 MB). */
  readonly maxBodyBytes?: number | undefined;
  /** How host names are resolved (default: the system resolver); every address must be public unless \`allow\` lists the name. */
  readonly lookup?: HttpLookup | undefined;
}

/** Resolve a host name to its addresses, like \`dns.promises.lookup(name, { all: true })\`. */
type HttpLookup = (hostname: string) => Promise<readonly { readonly address: string; readonly family: number }[]>;

/** One request of an attempt: the first, or one a redirect led to. */
interface HttpHop {
  readonly method: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body?: string | undefined;
}

type HttpOutcome =
  | { readonly ok: true; readonly text: string; readonly contentType: string | null }
  | {
      readonly ok: false; readonly summary: string; readonly detail: string; readonly status?: number; readonly retryAfter?: string | null; readonly cause?: unknown;
      /** The start of the error answer's body (for a retry_policy that names textual error codes). */
      readonly body?: string;
    };

/**
 * Send a RemoteTool request and return the decoded body (JSON when it is JSON, else the text). Refused before any
 * connection, and on every redirect hop (AS_HTTP_REFUSED): a scheme other than http(s), a host from an argument, a
 * private or link-local address, a redirect to another host (unless \`allow\` lists the host), a URL not in the
 * url_allow_list. Retried on network errors, 429 and 5xx (Retry-After honoured up to 10 s); the tool's retry_policy,
 * when given, decides instead (which statuses and error codes, how often, backoff, jitter, request_timeout — a
 * timed-out attempt is then retried). A TLS or certificate failure is never retried. Other errors:
 * AS_HTTP_REDIRECTS, AS_HTTP_BODY_TOO_LARGE, AS_HTTP_STATUS, AS_HTTP_TIMEOUT, AS_CANCELLED.
 */
async function httpCall(request: HttpRequest, options: HttpOptions, signal?: AbortSignal): Promise<unknown> {
  const method = request.method.trim().toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new CodedError('AS_HTTP_REFUSED', \`'\${method.slice(0, 40)}' is not an HTTP method\`);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new CodedError('AS_HTTP_REFUSED', \`'\${request.url.slice(0, 120)}' is not an absolute URL\`);
  }
  const refusal = httpRefusal(url, request, undefined, options.allow ?? []);
  if (refusal) throw new CodedError('AS_HTTP_REFUSED', refusal);
  // a query written in the URL stays as it is
  const query = new URLSearchParams();
  appendParams(query, request.query);
  if (query.size > 0) url.search = url.search.length > 1 ? \`\${url.search}&\${query}\` : \`?\${query}\`;
  const headers = httpHeaders(request.headers);
  const body = encodeBody(method, request.data, headers);
  const spec = request.retryPolicy;
  const retries = Math.max(0, Math.floor(spec ? spec.max_attempts : options.retries ?? 2));
  const timeoutMs = spec?.request_timeout ? spec.request_timeout * 1000 : options.timeoutMs ?? 30_000;
  for (let attempt = 0; ; attempt++) {
    let outcome: HttpOutcome;
    try {
      outcome = await httpAttempt({ method, url, headers, body }, request, options, timeoutMs, signal);
    } catch (error) {
      // only the retry_policy's own request_timeout makes a timed-out attempt worth another one
      if (!(error instanceof CodedError && error.code === 'AS_HTTP_TIMEOUT' && spec?.request_timeout && attempt < retries)) throw error;
      await pause(specRetryDelayMs(spec, attempt, undefined), signal, 'the HTTP call was cancelled');
      continue;
    }
    if (outcome.ok) return decodeBody(outcome.text, outcome.contentType);
    const final = attempt >= retries || (outcome.status === undefined && isTlsFailure(outcome.cause));
    const delay = final ? undefined : spec ? httpSpecDelay(spec, attempt, outcome) : retryDelay(attempt, outcome.status, outcome.retryAfter);
    const tries = attempt > 0 ? \` (after \${attempt + 1} attempts)\` : '';
    if (delay === undefined) throw new CodedError('AS_HTTP_STATUS', \`\${outcome.summary}\${tries}\${outcome.detail}\`, { cause: outcome.cause });
    await pause(delay, signal, 'the HTTP call was cancelled');
  }
}

/** One attempt, redirects included, under its own timeout. */
async function httpAttempt(first: HttpHop, request: HttpRequest, options: HttpOptions, timeoutMs: number, signal: AbortSignal | undefined): Promise<HttpOutcome> {
  if (signal?.aborted) throw new CodedError('AS_CANCELLED', 'the HTTP call was cancelled');
  const what = \`\${first.method} \${first.url.origin}\${first.url.pathname}\`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const maxRedirects = Math.max(0, Math.floor(options.maxRedirects ?? 5));
    const maxBytes = Math.max(0, Math.floor(options.maxBodyBytes ?? 10 * 1024 * 1024));
    let hop = first;
    for (let hops = 0; ; hops++) {
      const dispatcher = await httpDispatcher(hop.url, options.allow ?? [], options.lookup);
      const init = { method: hop.method, headers: hop.headers, body: hop.body ?? null, redirect: 'manual' as const, signal: controller.signal };
      // \`dispatcher\` is an option of Node's own fetch (undici), unknown to the DOM's RequestInit
      const response = await fetch(hop.url, dispatcher ? ({ ...init, dispatcher } as RequestInit) : init);
      const next = nextHop(hop, response, request, options.allow ?? []);
      if (next) {
        await response.body?.cancel();
        if (hops >= maxRedirects) throw new CodedError('AS_HTTP_REDIRECTS', \`\${what} redirected more than \${maxRedirects} times\`);
        hop = next;
        continue;
      }
      if (response.ok) return { ok: true, text: await readBody(response, maxBytes, true, what), contentType: response.headers.get('content-type') };
      const text = await readBody(response, Math.min(maxBytes, 64 * 1024), false, what);
      const excerpt = text.replace(/\\s+/g, ' ').trim().slice(0, 200);
      const status = \`\${what} answered HTTP \${response.status}\${response.statusText ? \` \${response.statusText}\` : ''}\`;
      return { ok: false, summary: status, detail: excerpt ? \`: \${excerpt}\` : '', status: response.status, retryAfter: response.headers.get('retry-after'), body: text };
    }
  } catch (error) {
    if (signal?.aborted) throw new CodedError('AS_CANCELLED', 'the HTTP call was cancelled', { cause: error });
    if (timedOut) throw new CodedError('AS_HTTP_TIMEOUT', \`\${what} did not answer within \${timeoutMs} ms\`, { cause: error });
    if (error instanceof CodedError) throw error;
    if (error instanceof Error && error.cause instanceof AddressRefused) throw new CodedError('AS_HTTP_REFUSED', \`\${error.cause.message} and is not in network.allow\`);
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    return { ok: false, summary: \`\${what} failed, no HTTP answer\`, detail: \`: \${reason}\`, cause: error };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Why a request to \`url\` is refused (the first URL, or a redirect hop \`from\` a URL), or undefined when it may be sent.
 * A host listed in \`allow\` passes the SSRF guard (not the url_allow_list); loopback passes it only as the spec's own fixed host.
 */
function httpRefusal(url: URL, request: HttpRequest, from: URL | undefined, allow: readonly string[]): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return \`\${from ? 'a redirect to' : 'the URL scheme'} '\${url.protocol}' is not allowed; only http: and https: are\`;
  if (!hostListed(url, allow)) {
    if (from && from.hostname !== url.hostname) return \`a redirect to another host, '\${url.protocol}//\${url.host}', is not allowed: it is not in network.allow\`;
    if (request.templatedHost) return \`the host '\${url.hostname}' comes from an argument and is not in network.allow\`;
    const kind = addressKind(url.hostname);
    if (kind) return \`the host '\${url.hostname}' is a \${kind} address and is not in network.allow\`;
  }
  // a url_allow_list narrows what the SSRF guard lets through; it never widens it
  if (request.urlAllowList && !urlAllowed(url, request.urlAllowList)) return \`'\${url.origin}\${url.pathname}' is not in the url_allow_list of the tool\`;
  return undefined;
}

/** A host name resolved to an address requests may not reach. */
class AddressRefused extends Error {}

/** 'loopback', 'private' or 'link-local' for a resolved address (as \`dns.lookup\` writes it), else undefined. */
function resolvedKind(address: string): 'loopback' | 'private' | 'link-local' | undefined {
  const host = address.toLowerCase();
  if (/^127\\./.test(host) || host === '::1' || /^::ffff:127\\./.test(host)) return 'loopback';
  return addressKind(/^::ffff:\\d+\\./.test(host) ? host.slice(7) : host.includes(':') ? \`[\${host}]\` : host);
}

/** Node's own undici Agent class (reached through the global dispatcher that a first \`data:\` fetch makes), if it is a plain Agent. */
const httpAgentClass: { found?: Promise<(new (options: object) => object) | undefined> } = {};
/** The Agents made, by resolver (the user's \`lookup\`, or none) and by whether they check the addresses. */
const httpDispatchers = new WeakMap<object, Record<string, object>>();

/**
 * What a request to \`url\` goes through: for a host *name* (not an IP literal, not localhost) that \`allow\` does not
 * list, an Agent whose connections resolve the name once and go only to an address checked to be public (a name
 * resolving to a loopback, private or link-local address is refused: DNS rebinding); for a listed name, one that
 * resolves with \`lookup\` when given; else nothing (fetch's default).
 */
async function httpDispatcher(url: URL, allow: readonly string[], lookup: HttpLookup | undefined): Promise<object | undefined> {
  const host = url.hostname.toLowerCase().replace(/^\\[(.*)\\]$/, '$1');
  if (/^\\d+\\.\\d+\\.\\d+\\.\\d+$/.test(host) || host.includes(':') || host === 'localhost' || host.endsWith('.localhost')) return undefined;
  const check = !hostListed(url, allow);
  if (!check && !lookup) return undefined;
  const dns = process.getBuiltinModule('node:dns') as typeof import('node:dns');
  const resolve: HttpLookup = lookup ?? ((name) => dns.promises.lookup(name, { all: true, verbatim: true }));
  httpAgentClass.found ??= (async () => {
    const key = Symbol.for('undici.globalDispatcher.1');
    const global = globalThis as unknown as Record<symbol, { constructor?: unknown } | undefined>;
    if (!global[key]) await fetch('data:,').then((r) => r.arrayBuffer()).catch(() => undefined);
    const ctor = global[key]?.constructor;
    return typeof ctor === 'function' && ctor.name === 'Agent' ? (ctor as new (options: object) => object) : undefined;
  })();
  const Agent = await httpAgentClass.found;
  const refusal = (found: readonly { readonly address: string }[]): AddressRefused | undefined => {
    for (const { address } of found) {
      const kind = resolvedKind(address);
      if (kind) return new AddressRefused(\`the host '\${host}' resolves to a \${kind} address (\${address})\`);
    }
    return undefined;
  };
  if (!Agent) {
    // no Agent to build on: check before the request (the connection then asks DNS again)
    const refused = check ? refusal(await resolve(host)) : undefined;
    if (refused) throw new CodedError('AS_HTTP_REFUSED', \`\${refused.message} and is not in network.allow\`);
    return undefined;
  }
  const slot = check ? 'checking' : 'plain';
  const key = lookup ?? httpDispatchers;
  const made = httpDispatchers.get(key) ?? {};
  httpDispatchers.set(key, made);
  if (made[slot]) return made[slot];
  type Callback = (error: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
  const connectLookup = (name: string, opts: { family?: number; all?: boolean }, callback: Callback): void => {
    resolve(name).then((found) => {
      const refused = check ? refusal(found) : undefined;
      if (refused) return callback(refused, []);
      const wanted = found.filter((a) => opts.family !== 4 && opts.family !== 6 ? true : a.family === opts.family).map((a) => ({ address: a.address, family: a.family }));
      if (wanted.length === 0) return callback(Object.assign(new Error(\`the host '\${name}' has no address\`), { code: 'ENOTFOUND' }), []);
      if (opts.all) callback(null, wanted);
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    }, (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []));
  };
  made[slot] = new Agent({ connect: { lookup: connectLookup } });
  return made[slot];
}

/**
 * 'private' (0/8, 10/8, 100.64/10, 172.16/12, 192.168/16, fc00::/7, ::) or 'link-local' (169.254/16, fe80::/10) for
 * an address written as such, IPv4-mapped IPv6 included; undefined for host names, loopback and public addresses.
 * \`hostname\` is a URL's: the URL parser has already written IP addresses in their canonical form.
 */
function addressKind(hostname: string): 'private' | 'link-local' | undefined {
  let host = hostname.toLowerCase().replace(/^\\[(.*)\\]$/, '$1');
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const [hi, lo] = [parseInt(mapped[1] ?? '0', 16), parseInt(mapped[2] ?? '0', 16)];
    host = [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  const v4 = /^(\\d+)\\.(\\d+)\\.\\d+\\.\\d+$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    if (a === 169 && b === 254) return 'link-local';
    const isPrivate = a === 0 || a === 10 || (a === 100 && b >= 64 && b <= 127) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
    return isPrivate ? 'private' : undefined;
  }
  if (!host.includes(':')) return undefined;
  if (host === '::') return 'private';
  const first = host.startsWith('::') ? 0 : parseInt(host.split(':')[0] ?? '0', 16);
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  return (first & 0xfe00) === 0xfc00 ? 'private' : undefined;
}

/** Whether an entry of a url_allow_list has the URL's scheme, host and port, and a path prefix of it on whole segments. */
function urlAllowed(url: URL, allowList: readonly string[]): boolean {
  const port = (u: URL): string => u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '');
  return allowList.some((entry) => {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      return false;
    }
    if (allowed.protocol !== url.protocol || allowed.hostname !== url.hostname || port(allowed) !== port(url)) return false;
    const prefix = allowed.pathname;
    if (!url.pathname.startsWith(prefix)) return false;
    return prefix.endsWith('/') || url.pathname.length === prefix.length || url.pathname[prefix.length] === '/';
  });
}

/**
 * The request to send after a redirect response, or undefined when it is none (not 301/302/303/307/308, or no
 * usable Location). 303, and 301/302 after a POST, become a GET without body; credentials are dropped when the
 * origin changes. A target \`httpRefusal\` refuses throws AS_HTTP_REFUSED.
 */
function nextHop(hop: HttpHop, response: Response, request: HttpRequest, allow: readonly string[]): HttpHop | undefined {
  const location = response.headers.get('location');
  if (![301, 302, 303, 307, 308].includes(response.status) || !location) return undefined;
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    return undefined;
  }
  const refusal = httpRefusal(url, request, hop.url, allow);
  if (refusal) throw new CodedError('AS_HTTP_REFUSED', refusal);
  const toGet = response.status === 303 || ((response.status === 301 || response.status === 302) && hop.method === 'POST');
  const headers = Object.assign(Object.create(null) as Record<string, string>, hop.headers);
  if (url.origin !== hop.url.origin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) delete headers[name];
  if (toGet) delete headers['content-type'];
  return { method: toGet && hop.method !== 'HEAD' ? 'GET' : hop.method, url, headers, body: toGet ? undefined : hop.body };
}

/**
 * The text of a response body, reading at most \`maxBytes\` bytes: beyond them, AS_HTTP_BODY_TOO_LARGE (\`fail\`) or
 * the text up to there. A Content-Length above the cap fails before reading; the rest of a body is never read.
 */
async function readBody(response: Response, maxBytes: number, fail: boolean, what: string): Promise<string> {
  const tooLarge = (size: string): Error => new CodedError('AS_HTTP_BODY_TOO_LARGE', \`the body of \${what} is larger than \${maxBytes} bytes (\${size})\`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (fail && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(\`Content-Length \${declared}\`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (fail) throw tooLarge('stopped reading there');
      return text + decoder.decode(value.subarray(0, maxBytes - (total - value.byteLength)));
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** Header names lower-cased, values as text, null and undefined left out; an invalid one is AS_HTTP_REFUSED. */
function httpHeaders(values: unknown): Record<string, string> {
  const headers = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(isObject(values) ? values : {})) {
    if (value === null || value === undefined) continue;
    const name = key.trim().toLowerCase();
    try {
      new Headers([[name, valueText(value)]]);
    } catch {
      throw new CodedError('AS_HTTP_REFUSED', \`the header '\${name.slice(0, 60)}' has an invalid name or value after rendering\`);
    }
    headers[name] = valueText(value);
  }
  return headers;
}

/** Query or form parameters: arrays repeat their key, null and undefined are left out, non-strings as JSON. */
function appendParams(params: URLSearchParams, values: unknown): void {
  for (const [name, value] of Object.entries(isObject(values) || Array.isArray(values) ? values : {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== null && item !== undefined) params.append(name, valueText(item));
  }
}

/**
 * The request body: none for GET and HEAD, no data, or \`{}\` unless POST, PUT or PATCH; a string as it is; an object
 * or array as a form for a form content type, else as JSON (the content type set when the headers have none).
 */
function encodeBody(method: string, data: unknown, headers: Record<string, string>): string | undefined {
  if (method === 'GET' || method === 'HEAD' || data === null || data === undefined) return undefined;
  if (typeof data === 'string') return data;
  if (isObject(data) && Object.keys(data).length === 0 && !['POST', 'PUT', 'PATCH'].includes(method)) return undefined;
  if (typeof data === 'object' && headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    appendParams(form, data);
    return form.toString();
  }
  headers['content-type'] ??= 'application/json';
  return JSON.stringify(data);
}

/** JSON when the content type says so or the text is a JSON object or array, else the text. */
function decodeBody(text: string, contentType: string | null): unknown {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const trimmed = text.trim();
  const json = type === 'application/json' || type.endsWith('+json') || type === 'text/json' || trimmed.startsWith('{') || trimmed.startsWith('[');
  if (!json || trimmed === '') return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/**
 * Milliseconds before retry \`attempt + 1\`, or undefined when the failure is final: a status other than 429 and 5xx,
 * or a Retry-After over 10 s. Else the Retry-After (seconds or an HTTP date), or 100 ms doubling up to 2 s.
 */
function retryDelay(attempt: number, status: number | undefined, retryAfter: string | null | undefined): number | undefined {
  if (status !== undefined && status !== 429 && status < 500) return undefined;
  const text = retryAfter?.trim() ?? '';
  const after = /^\\d+(\\.\\d+)?$/.test(text) ? Math.round(Number(text) * 1000) : text === '' || Number.isNaN(Date.parse(text)) ? undefined : Math.max(0, Date.parse(text) - Date.now());
  if (after === undefined) return Math.min(2_000, 100 * 2 ** attempt);
  return after <= 10_000 ? after : undefined;
}

/** Milliseconds before retrying a failed attempt under the tool's retry_policy; undefined when it is final. */
function httpSpecDelay(spec: SpecRetryPolicy, attempt: number, outcome: Extract<HttpOutcome, { ok: false }>): number | undefined {
  if (outcome.status === undefined) return specRetryDelayMs(spec, attempt, undefined);
  const codes = spec.recoverable_statuses[String(outcome.status)];
  if (!specRetryable(spec, outcome.status, codes && codes.length > 0 ? httpErrorCode(outcome.body ?? '') : undefined)) return undefined;
  const header = outcome.retryAfter?.trim() ?? '';
  const after = header === '' ? NaN : /^\\d+(\\.\\d+)?$/.test(header) ? Math.round(Number(header) * 1000) : Date.parse(header) - Date.now();
  if (Number.isNaN(after)) return specRetryDelayMs(spec, attempt, outcome.status);
  return Math.max(0, after) <= 10_000 ? Math.max(0, after) : undefined;
}

/** The textual error code of an error body (\`error.code\`, \`error.type\` or \`code\` of a JSON object), if any. */
function httpErrorCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    const error = typeof body.error === 'object' && body.error !== null ? (body.error as { code?: unknown; type?: unknown }) : undefined;
    const code = error?.code ?? error?.type ?? body.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}`,
};
