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
 * - **Limits**: each request within the connection's `timeout` (seconds),
 *   answers capped at `limits.http.maxBodyBytes` (an SSE event each).
 */
export async function a2aFetch(options: A2aFetchOptions): Promise<A2aFetch> {
  const { connection, network, site } = options;
  const agentUrl = checkHttpTarget(options.agentUrl, options.agentUrl, network, site);
  const timeoutMs = (connection.timeout ?? DEFAULT_A2A_TIMEOUT_S) * 1000;
  const headers = connection.headers ?? {};
  const tls = await tlsAgent(connection, site);
  const send: typeof fetch = tls ? (createAgentFetch(tls) as typeof fetch) : fetch;
  const guarded: typeof fetch = async (input, init = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin !== agentUrl.origin) checkRedirectTarget(agentUrl, false, url, network, site);
    const merged = new Headers(init.headers);
    if (url.origin === agentUrl.origin) for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
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
    let response: Response;
    try {
      response = await send(url, { ...init, headers: merged, signal, redirect: 'manual', ...(dispatcher ? { dispatcher } : {}) } as RequestInit);
    } catch (e) {
      const refused = AddressRefused.behind(e);
      if (refused) throw resolvedAddressError(refused, site);
      if (signal.aborted && !init.signal?.aborted) {
        throw new RuntimeError('AS_A2A', `the A2A agent at ${redactUrl(url.origin)} did not answer within ${timeoutMs / 1000} s (the connection's timeout)`, site, { cause: e });
      }
      if (init.signal?.aborted) throw e;
      throw new RuntimeError('AS_A2A', `cannot reach the A2A agent at ${redactUrl(`${url.origin}${url.pathname}`)}: ${causeText(e)}`, site, { cause: e });
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
