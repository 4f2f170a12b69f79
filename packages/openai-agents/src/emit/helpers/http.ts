import type { Helper } from './helper.js';

/** The HTTP call of RemoteTools, with `fetch` (the same rules as callHttp of @agentspec/runtime, in short). */
export const httpCall: Helper = {
  declares: ['HttpRequest', 'HttpOptions', 'httpCall', 'checkedUrl', 'appendParams', 'encodeBody', 'decodeBody'],
  needs: ['codedError', 'isObject'],
  code: `/** A RemoteTool request, rendered from the arguments of the call. */
interface HttpRequest {
  readonly method: string;
  readonly url: string;
  /** The URL's host came from an argument: it must be listed in \`network.allow\` (SSRF guard). */
  readonly templatedHost: boolean;
  readonly query?: unknown;
  readonly headers?: unknown;
  readonly data?: unknown;
}

/** Where RemoteTools may go, how long one attempt may take, how often a failed one is retried. */
interface HttpOptions {
  readonly allow?: readonly string[] | undefined;
  readonly timeoutMs?: number;
  readonly retries?: number;
}

/**
 * Send a RemoteTool request with fetch and return the decoded body (JSON when it is JSON, else the text).
 * Refused before any connection (AS_HTTP_REFUSED): a URL that is not absolute http(s), a templated host not
 * in \`allow\`. Retried on network errors, 429 and 5xx; AS_HTTP_STATUS, AS_HTTP_TIMEOUT otherwise.
 */
async function httpCall(request: HttpRequest, options: HttpOptions, signal?: AbortSignal): Promise<unknown> {
  const url = checkedUrl(request, options.allow ?? []);
  appendParams(url.searchParams, request.query);
  const headers = new Headers();
  for (const [name, value] of Object.entries(isObject(request.headers) ? request.headers : {})) {
    if (value !== null && value !== undefined) headers.set(name.trim().toLowerCase(), typeof value === 'string' ? value : JSON.stringify(value));
  }
  const body = encodeBody(request.method, request.data, headers);
  const what = \`\${request.method} \${url.origin}\${url.pathname}\`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(timeoutMs);
    let failure: string;
    try {
      const response = await fetch(url, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        // a host from an argument: redirects are not followed (they could leave network.allow)
        redirect: request.templatedHost ? 'manual' : 'follow',
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      const text = await response.text();
      if (response.ok) return decodeBody(text, response.headers.get('content-type'));
      failure = \`\${what} answered HTTP \${response.status}\`;
      if (response.status !== 429 && response.status < 500) throw new CodedError('AS_HTTP_STATUS', failure);
    } catch (error) {
      if (error instanceof CodedError) throw error;
      if (signal?.aborted) throw new CodedError('AS_CANCELLED', 'the HTTP call was cancelled', { cause: error });
      if (timeout.aborted) throw new CodedError('AS_HTTP_TIMEOUT', \`\${what} did not answer within \${timeoutMs} ms\`, { cause: error });
      failure = \`\${what} failed, no HTTP answer: \${error instanceof Error ? error.message : String(error)}\`;
    }
    if (attempt >= (options.retries ?? 2)) throw new CodedError('AS_HTTP_STATUS', failure);
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 2_000)));
  }
}

function checkedUrl(request: HttpRequest, allow: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new CodedError('AS_HTTP_REFUSED', \`'\${request.url.slice(0, 120)}' is not an absolute URL\`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CodedError('AS_HTTP_REFUSED', \`the URL scheme '\${url.protocol}' is not allowed\`);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.toLowerCase().replace(/^\\[(.*)\\]$/, '$1');
  const listed = allow.some((entry) => {
    const e = entry.trim().toLowerCase().replace(/^\\[(.*)\\]$/, '$1');
    return e === host || e === \`\${host}:\${port}\`;
  });
  if (request.templatedHost && !listed) throw new CodedError('AS_HTTP_REFUSED', \`the host '\${url.hostname}' comes from an argument and is not in network.allow\`);
  return url;
}

/** Query or form parameters: arrays repeat their key, null and undefined are left out, non-strings as JSON. */
function appendParams(params: URLSearchParams, values: unknown): void {
  for (const [name, value] of Object.entries(isObject(values) || Array.isArray(values) ? values : {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
}

/** A string is the raw body; objects and arrays are JSON, or a form with that content type. */
function encodeBody(method: string, data: unknown, headers: Headers): string | undefined {
  if (method === 'GET' || method === 'HEAD' || data === null || data === undefined) return undefined;
  if (typeof data === 'string') return data;
  if (isObject(data) && Object.keys(data).length === 0 && !['POST', 'PUT', 'PATCH'].includes(method)) return undefined;
  if (typeof data === 'object' && headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    appendParams(form, data);
    return form.toString();
  }
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
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
}`,
};
