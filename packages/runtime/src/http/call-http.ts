import type { HttpCall } from '@agentspec/core';
import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { AttemptSignal } from './attempt-signal.js';
import { buildHttpRequest, type HttpRequest } from './build-http-request.js';
import { bodyExcerpt, decodeHttpBody } from './decode-http-body.js';
import { followRedirect, MAX_REDIRECTS } from './follow-redirect.js';
import { resolvedAddressError } from './check-http-target.js';
import { AddressRefused, dispatcherFor } from './resolved-address-guard.js';
import { DEFAULT_MAX_BODY_BYTES, readHttpBody } from './read-http-body.js';
import { DEFAULT_HTTP_RETRIES, DEFAULT_HTTP_TIMEOUT_MS, DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './http-retry-policy.js';
import { errorCodeOfBody, isTlsFailure, specRetryDelay, specRetryPolicy, type SpecFailure, type SpecRetryPolicy } from '../llm/spec-retry-policy.js';

/** Options of {@link callHttp}. */
export interface HttpCallOptions {
  /** Hosts a templated URL host may resolve to (SSRF guard). */
  readonly network?: NetworkPolicy;
  /** Time allowed to each attempt, body included (default 30 000 ms). A timed-out attempt is not retried. */
  readonly timeoutMs?: number;
  /** Retries on network errors, 429 and 5xx (default 2). The call's `retry_policy` decides instead when it has one. */
  readonly retries?: number;
  readonly signal?: AbortSignal;
  /** The node or tool making the call, for error messages. */
  readonly site: ErrorSite;
  /** Bytes of a response body read at most (default 10 MB); a longer body fails with AS_HTTP_BODY_TOO_LARGE. */
  readonly maxBodyBytes?: number;
  /** Redirects followed per attempt (default 5); one more fails with AS_HTTP_REDIRECTS. */
  readonly maxRedirects?: number;
  /** How retries are spaced (default: 100 ms doubling, capped at 2 s). */
  readonly retryPolicy?: RetryPolicy;
}

/** Bytes of an error status body read (only an excerpt of it is reported). */
const ERROR_BODY_BYTES = 64 * 1024;

type Outcome =
  | { readonly kind: 'ok'; readonly text: string; readonly contentType: string | null }
  | { readonly kind: 'status'; readonly status: number; readonly statusText: string; readonly text: string; readonly retryAfter: string | null }
  | { readonly kind: 'network'; readonly error: unknown }
  | { readonly kind: 'timeout'; readonly timeoutMs: number };

/**
 * Make the HTTP call of an ApiNode / RemoteTool (DESIGN §4.2) and return the
 * decoded body (parsed JSON, else text). Errors: AS_HTTP_REFUSED (SSRF guard,
 * before any connection and on every redirect hop), AS_HTTP_REDIRECTS,
 * AS_HTTP_BODY_TOO_LARGE (not retried), AS_HTTP_STATUS (non-2xx, or no connection after the
 * retries), AS_HTTP_TIMEOUT, AS_CANCELLED.
 *
 * Retries: network errors, 429 and 5xx `options.retries` times (default 2);
 * the call's `retry_policy` (Agent Spec 26.1.2), when it has one, replaces
 * that: `max_attempts` retries of the statuses it takes (and of network
 * errors), spaced by its backoff and jitter (a Retry-After up to
 * `retryPolicy.maxRetryAfterMs` is waited for instead), each attempt bounded
 * by its `request_timeout` (a timed-out attempt is then retried). A TLS or
 * certificate failure is never retried.
 */
export async function callHttp(call: HttpCall, values: Readonly<Record<string, unknown>>, options: HttpCallOptions): Promise<unknown> {
  const { site } = options;
  const request = buildHttpRequest(call, values, options.network, site);
  const spec = specRetryPolicy(call);
  const retries = spec ? spec.max_attempts : Math.max(0, Math.floor(options.retries ?? DEFAULT_HTTP_RETRIES));
  const timeoutMs = spec?.request_timeout ? spec.request_timeout * 1000 : options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(request, options, timeoutMs);
    if (outcome.kind === 'ok') return decodeHttpBody(outcome.text, outcome.contentType);
    const delay = attempt < retries ? retryDelay(outcome, attempt, spec, options.retryPolicy) : undefined;
    if (delay === undefined) throw failureError(request, outcome, attempt + 1, site);
    await sleep(delay, options.signal, site);
  }
}

/** The wait before retrying a failed attempt, or undefined when it is final. */
function retryDelay(outcome: Exclude<Outcome, { kind: 'ok' }>, attempt: number, spec: SpecRetryPolicy | undefined, policy: RetryPolicy | undefined): number | undefined {
  if (outcome.kind === 'network' && isTlsFailure(outcome.error)) return undefined;
  if (!spec) return outcome.kind === 'timeout' ? undefined : retryDelayMs(attempt, outcome.kind === 'status' ? { status: outcome.status, retryAfter: outcome.retryAfter } : {}, policy);
  // only the policy's own request_timeout makes a timed-out attempt worth another one
  if (outcome.kind === 'timeout' && !spec.request_timeout) return undefined;
  let failure: SpecFailure = {};
  if (outcome.kind === 'status') {
    const errorCode = spec.recoverable_statuses[String(outcome.status)]?.length ? errorCodeOfBody(outcome.text) : undefined;
    failure = { status: outcome.status, retryAfter: outcome.retryAfter, ...(errorCode !== undefined ? { errorCode } : {}) };
  }
  return specRetryDelay(spec, attempt, failure, (policy ?? DEFAULT_RETRY_POLICY).maxRetryAfterMs);
}

/** One attempt, redirects included, under its own timeout. */
async function attemptOnce(first: HttpRequest, options: HttpCallOptions, timeoutMs: number): Promise<Outcome> {
  const { signal, site } = options;
  if (signal?.aborted) throw cancelled(site);
  const attempt = new AttemptSignal(signal, timeoutMs);
  try {
    let request = first;
    const maxRedirects = Math.max(0, Math.floor(options.maxRedirects ?? MAX_REDIRECTS));
    for (let hops = 0; ; hops++) {
      const dispatcher = await dispatcherFor(request.url, options.network);
      const init = { method: request.method, headers: request.headers, body: request.body ?? null, redirect: 'manual' as const, signal: attempt.signal };
      // `dispatcher` is Node's own fetch option (undici); DOM's RequestInit does not know it
      const response = await fetch(request.url, dispatcher ? ({ ...init, dispatcher } as RequestInit) : init);
      const next = followRedirect(request, response.status, response.headers.get('location'), options.network, site);
      if (next) {
        await response.body?.cancel();
        if (hops >= maxRedirects) {
          throw new RuntimeError('AS_HTTP_REDIRECTS', `${describe(first)} redirected more than ${maxRedirects} times`, site, { hint: 'raise limits.http.maxRedirects if the service needs more' });
        }
        request = next;
        continue;
      }
      const maxBytes = Math.max(0, Math.floor(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
      if (response.ok) {
        const text = await readHttpBody(response, maxBytes, 'fail', describe(first), site);
        return { kind: 'ok', text, contentType: response.headers.get('content-type') };
      }
      const text = await readHttpBody(response, Math.min(maxBytes, ERROR_BODY_BYTES), 'truncate', describe(first), site);
      return { kind: 'status', status: response.status, statusText: response.statusText, text, retryAfter: response.headers.get('retry-after') };
    }
  } catch (error) {
    if (signal?.aborted) throw cancelled(site);
    if (attempt.timedOut) return { kind: 'timeout', timeoutMs };
    if (error instanceof RuntimeError) throw error;
    const refused = AddressRefused.behind(error);
    if (refused) throw resolvedAddressError(refused, site);
    return { kind: 'network', error };
  } finally {
    attempt.end();
  }
}

function failureError(request: HttpRequest, outcome: Exclude<Outcome, { kind: 'ok' }>, attempts: number, site: ErrorSite): RuntimeError {
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  if (outcome.kind === 'timeout') {
    return new RuntimeError('AS_HTTP_TIMEOUT', `${describe(request)} did not answer within ${outcome.timeoutMs} ms${tries}`, site, { hint: 'raise limits.http.timeoutMs (or the request_timeout of its retry_policy)' });
  }
  if (outcome.kind === 'status') {
    const body = bodyExcerpt(outcome.text);
    const message = `${describe(request)} answered HTTP ${outcome.status}${outcome.statusText ? ` ${outcome.statusText}` : ''}${tries}${body ? `: ${body}` : ''}`;
    return new RuntimeError('AS_HTTP_STATUS', message, site);
  }
  return new RuntimeError('AS_HTTP_STATUS', `${describe(request)} failed, no HTTP answer${tries}: ${networkReason(outcome.error)}`, site, { cause: outcome.error });
}

/** Method and URL without query string or credentials (they may hold secrets). */
function describe(request: HttpRequest): string {
  return `${request.method} ${request.url.origin}${request.url.pathname}`;
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code} ${cause.message}` : cause.message;
  }
  return String(cause);
}

function cancelled(site: ErrorSite): RuntimeError {
  return new RuntimeError('AS_CANCELLED', 'the HTTP call was cancelled', site);
}

function sleep(ms: number, signal: AbortSignal | undefined, site: ErrorSite): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(site));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled(site));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
