import { lookup as dnsLookup } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import type { A2AConnectionConfig } from '@agentspec/core';
import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { checkHttpTarget, checkRedirectTarget, resolvedAddressError } from '../http/check-http-target.js';
import { AddressRefused, dispatcherFor, isResolvedName, resolvedRefusal } from '../http/resolved-address-guard.js';
import { hostAllowed } from '../http/check-http-target.js';
import { cappedFetch } from '../mcp/capped-fetch.js';
import { createAgentFetch } from '../mcp/mtls-fetch.js';
import { redactUrl } from '../store/redact-url.js';
import { errorCodeOfBody, isTlsFailure, specRetryDelay, specRetryDelayMs, specRetryPolicy } from '../llm/spec-retry-policy.js';
import * as https from 'node:https';

/** An A2A connection's `timeout` when the spec gives none (seconds; the spec's default). */
export const DEFAULT_A2A_TIMEOUT_S = 600;

export interface A2aFetchOptions {
  readonly agentUrl: string;
  readonly connection: A2AConnectionConfig;
  readonly network: NetworkPolicy | undefined;
  readonly maxBodyBytes?: number;
  readonly site: ErrorSite;
}

/** The fetch an A2A client sends everything through, and what to release with it. */
export interface A2aFetch {
  readonly fetch: typeof fetch;
  /** The agent URL, checked. */
  readonly agentUrl: URL;
  dispose(): void;
}

/**
 * The fetch of an A2AAgent's connection, with the rules of every remote call
 * of a spec (DESIGN §11):
 * - **Targets**: `agent_url` must be an absolute http(s) URL that the SSRF
 *   guard lets through (a private or link-local address only when
 *   `network.allow` lists it; loopback as the spec's own fixed host); any
 *   other URL the client is led to — the JSON-RPC endpoint an agent card
 *   names — is held to the rule of a redirect: the same host as `agent_url`,
 *   or one `network.allow` lists. Host names are judged by the addresses they
 *   resolve to (`network.lookup`). Redirects are not followed (AS_A2A).
 * - **Headers**: the connection's `headers` go only to `agent_url`'s origin
 *   (a card naming another origin does not get them); they are never traced
 *   or put in messages.
 * - **TLS**: `verify: false` accepts any server certificate; `ssl_ca_cert`
 *   the CAs trusted; `key_file` + `cert_file` the client certificate (mTLS).
 * - **Limits**: each request within the connection's `timeout` (seconds;
 *   its `retry_policy.request_timeout` when set), answers capped at
 *   `limits.http.maxBodyBytes` (an SSE event each).
 * - **Retries** (`retry_policy`, 26.2): a request that could not connect, or
 *   answered a status the policy takes, is sent again after the policy's
 *   backoff, `max_attempts` times at most; a GET (the agent card) after any
 *   network failure; never a TLS failure or a refusal. Without a policy,
 *   nothing is retried.
 */
export async function a2aFetch(options: A2aFetchOptions): Promise<A2aFetch> {
  const { connection, network, site } = options;
  const agentUrl = checkHttpTarget(options.agentUrl, options.agentUrl, network, site);
  const policy = specRetryPolicy(connection);
  const timeoutMs = (policy?.request_timeout ?? connection.timeout ?? DEFAULT_A2A_TIMEOUT_S) * 1000;
  const headers = connection.headers ?? {};
  const tls = await tlsAgent(connection, site);
  const send: typeof fetch = tls ? (createAgentFetch(tls) as typeof fetch) : fetch;
  const guarded: typeof fetch = async (input, init = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin !== agentUrl.origin) checkRedirectTarget(agentUrl, false, url, network, site);
    const merged = new Headers(init.headers);
    if (url.origin === agentUrl.origin) for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    const attemptSignal = (): AbortSignal => (init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs));
    const cancel = init.signal ?? new AbortController().signal;
    let dispatcher: object | undefined;
    try {
      if (tls) {
        if (isResolvedName(url.hostname) && !hostAllowed(url, network?.allow)) {
          const refused = resolvedRefusal(url.hostname, await (network?.lookup ?? ((h: string) => dnsLookup(h, { all: true })))(url.hostname));
          if (refused) throw refused;
        }
      } else {
        dispatcher = await dispatcherFor(url, network);
      }
    } catch (e) {
      if (e instanceof AddressRefused) throw resolvedAddressError(e, site);
      throw e;
    }
    // the connection's retry_policy (26.2): a request that failed to connect, or whose status the policy takes, is sent
    // again after its backoff; an idempotent one (a GET: the agent card) after any network failure too; never a TLS
    // failure, a refusal or a cancellation
    let response: Response;
    for (let attempt = 0; ; attempt++) {
      const signal = attemptSignal();
      try {
        response = await send(url, { ...init, headers: merged, signal, redirect: 'manual', ...(dispatcher ? { dispatcher } : {}) } as RequestInit);
      } catch (e) {
        const refused = AddressRefused.behind(e);
        if (refused) throw resolvedAddressError(refused, site);
        if (signal.aborted && !init.signal?.aborted) {
          throw new RuntimeError('AS_A2A', `the A2A agent at ${redactUrl(url.origin)} did not answer within ${timeoutMs / 1000} s (the connection's timeout)`, site, { cause: e });
        }
        if (init.signal?.aborted) throw e;
        const idempotent = (init.method ?? 'GET').toUpperCase() === 'GET';
        const delay = policy && attempt < policy.max_attempts && !isTlsFailure(e) && (idempotent || connectFailure(e)) ? specRetryDelayMs(policy, attempt, undefined) : undefined;
        if (delay !== undefined) {
          await sleep(delay, cancel);
          continue;
        }
        throw new RuntimeError('AS_A2A', `cannot reach the A2A agent at ${redactUrl(`${url.origin}${url.pathname}`)}: ${causeText(e)}`, site, { cause: e });
      }
      if (policy && attempt < policy.max_attempts && response.status >= 400) {
        const text = await response.clone().text().catch(() => '');
        const delay = specRetryDelay(policy, attempt, { status: response.status, retryAfter: response.headers.get('retry-after') ?? undefined, errorCode: errorCodeOfBody(text) }, MAX_RETRY_AFTER_MS);
        if (delay !== undefined) {
          await response.body?.cancel().catch(() => undefined);
          await sleep(delay, cancel);
          continue;
        }
      }
      break;
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new RuntimeError('AS_A2A', `the A2A agent at ${redactUrl(url.origin)} answered with a redirect (HTTP ${response.status}), which A2A requests do not follow`, site, {
        hint: 'give the final URL as agent_url',
      });
    }
    if (response.status >= 400) {
      const text = await response.text().catch(() => '');
      throw new RuntimeError('AS_A2A', `the A2A agent at ${redactUrl(`${url.origin}${url.pathname}`)} answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`, site, {
        ...(response.status === 401 || response.status === 403 ? { hint: "give the credentials it expects in the connection's headers" } : {}),
      });
    }
    return response;
  };
  const capped = cappedFetch(guarded as never, options.maxBodyBytes, redactUrl(agentUrl.origin), site) as unknown as typeof fetch;
  return { fetch: capped, agentUrl, dispose: () => tls?.destroy() };
}

/** The longest Retry-After a retry waits for. */
const MAX_RETRY_AFTER_MS = 60_000;

/** A failure to open the connection: the request was not sent, so sending it again cannot run it twice. */
function connectFailure(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x instanceof Error && depth < 5; x = x.cause, depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT|UND_ERR_CONNECT)$/.test(code)) return true;
  }
  return false;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

function causeText(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e as Error)?.message ?? String(e);
}

/** An https Agent for the connection's TLS settings, when it has any (else the default trust store and no client certificate). */
async function tlsAgent(connection: A2AConnectionConfig, site: ErrorSite): Promise<https.Agent | undefined> {
  const verify = connection.verify !== false;
  const files = { key_file: connection.key_file, cert_file: connection.cert_file, ssl_ca_cert: connection.ssl_ca_cert };
  if (verify && !files.key_file && !files.cert_file && !files.ssl_ca_cert) return undefined;
  if (Boolean(files.key_file) !== Boolean(files.cert_file)) {
    throw new RuntimeError('AS_A2A', `the A2A connection has a ${files.key_file ? 'key_file without a cert_file' : 'cert_file without a key_file'}`, site);
  }
  const read = async (field: keyof typeof files): Promise<Buffer | undefined> => {
    const path = files[field];
    if (!path) return undefined;
    try {
      return await readFile(path);
    } catch (e) {
      throw new RuntimeError('AS_A2A', `cannot read the A2A connection's ${field} '${path}' (${(e as { code?: string }).code ?? (e as Error).message})`, site, { cause: e });
    }
  };
  const [key, cert, ca] = [await read('key_file'), await read('cert_file'), await read('ssl_ca_cert')];
  return new https.Agent({ ...(key ? { key } : {}), ...(cert ? { cert } : {}), ...(ca ? { ca } : {}), rejectUnauthorized: verify, keepAlive: true });
}
