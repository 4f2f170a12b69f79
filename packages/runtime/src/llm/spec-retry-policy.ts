import type { LlmRetryOptions } from './retrying-fetch.js';

/** How the delay between retries is randomized (`RetryPolicy.jitter`, Agent Spec 26.1.2). */
export type Jitter = 'equal' | 'full' | 'full_and_equal_for_throttle' | 'decorrelated' | null;

/**
 * `retry_policy` of an LLM config (Agent Spec 26.1.2 `RetryPolicy`): how its
 * requests are retried, provider-agnostic. Seconds as in the spec.
 */
export interface SpecRetryPolicy {
  readonly max_attempts: number;
  readonly request_timeout?: number | null;
  readonly initial_retry_delay: number;
  readonly max_retry_delay: number;
  readonly backoff_factor: number;
  readonly jitter?: Jitter;
  readonly service_error_retry_on_any_5xx: boolean;
  /** HTTP status → textual codes (e.g. `TooManyRequests`) the error must carry; an empty list: the status alone. */
  readonly recoverable_statuses: Readonly<Record<string, readonly string[]>>;
}

/** The `retry_policy` of a config, when it has a usable one. */
export function specRetryPolicy(config: unknown): SpecRetryPolicy | undefined {
  const p = (config as { retry_policy?: unknown } | null)?.retry_policy as Partial<SpecRetryPolicy> | null | undefined;
  if (!p || typeof p !== 'object' || typeof p.max_attempts !== 'number') return undefined;
  return {
    max_attempts: Math.max(0, Math.floor(p.max_attempts)),
    request_timeout: typeof p.request_timeout === 'number' ? p.request_timeout : null,
    initial_retry_delay: typeof p.initial_retry_delay === 'number' ? p.initial_retry_delay : 1,
    max_retry_delay: typeof p.max_retry_delay === 'number' ? p.max_retry_delay : 8,
    backoff_factor: typeof p.backoff_factor === 'number' ? p.backoff_factor : 2,
    jitter: p.jitter === undefined ? 'full_and_equal_for_throttle' : p.jitter,
    service_error_retry_on_any_5xx: p.service_error_retry_on_any_5xx !== false,
    recoverable_statuses: typeof p.recoverable_statuses === 'object' && p.recoverable_statuses !== null ? p.recoverable_statuses : { 429: [] },
  };
}

/** The retry options of the LLM requests of a config: the load's, with the config's `retry_policy` when it has one. */
export function llmRetryOptions(config: unknown, options: LlmRetryOptions = {}): LlmRetryOptions {
  const policy = specRetryPolicy(config);
  return policy ? { ...options, policy } : options;
}

/** Whether a failed attempt is retried under `policy`: its status (and textual error code, when the policy names some). */
export function specRetryable(policy: SpecRetryPolicy, status: number, errorCode: string | undefined): boolean {
  const codes = policy.recoverable_statuses[String(status)];
  if (codes) return codes.length === 0 || (errorCode !== undefined && codes.includes(errorCode));
  return policy.service_error_retry_on_any_5xx && status >= 500 && status !== 501;
}

/** Milliseconds before retry number `attempt + 1` under `policy` (`random` in [0, 1)). */
export function specRetryDelayMs(policy: SpecRetryPolicy, attempt: number, status: number | undefined, random: () => number = Math.random): number {
  const base = policy.initial_retry_delay * 1000 * policy.backoff_factor ** attempt;
  const cap = policy.max_retry_delay * 1000;
  const jitter = policy.jitter === 'full_and_equal_for_throttle' ? (status !== undefined && status < 500 ? 'equal' : 'full') : policy.jitter ?? null;
  switch (jitter) {
    case 'full':
      return Math.min(random() * base, cap);
    case 'equal':
      return (Math.min(base, cap) * (1 + random())) / 2;
    case 'decorrelated':
      return Math.min(base + random() * 1000, cap);
    default:
      return Math.min(base, cap);
  }
}

/** One failed attempt of a remote call, as a retry policy judges it. */
export interface SpecFailure {
  /** The HTTP status answered; undefined for a network or connection failure. */
  readonly status?: number;
  /** The textual error code the answer carried (`error.code`, `error.type`, `code`), when known. */
  readonly errorCode?: string;
  /** The Retry-After header of the answer, if any. */
  readonly retryAfter?: string | null;
}

/**
 * Milliseconds to wait before retry number `attempt + 1` of a failed attempt
 * under the spec's policy, or undefined when it is not retried: a status it
 * does not take ({@link specRetryable}), or a Retry-After longer than
 * `maxRetryAfterMs`. A failure without a status (network, connection) is
 * retried with the policy's backoff. The caller bounds the attempts
 * (`max_attempts` retries).
 */
export function specRetryDelay(policy: SpecRetryPolicy, attempt: number, failure: SpecFailure, maxRetryAfterMs: number, random: () => number = Math.random): number | undefined {
  if (failure.status === undefined) return specRetryDelayMs(policy, attempt, undefined, random);
  if (!specRetryable(policy, failure.status, failure.errorCode)) return undefined;
  const header = failure.retryAfter?.trim() ?? '';
  if (header === '') return specRetryDelayMs(policy, attempt, failure.status, random);
  const after = /^\d+(\.\d+)?$/.test(header) ? Math.round(Number(header) * 1000) : Date.parse(header) - Date.now();
  if (Number.isNaN(after)) return specRetryDelayMs(policy, attempt, failure.status, random);
  return Math.max(0, after) <= maxRetryAfterMs ? Math.max(0, after) : undefined;
}

/** The textual error code of an error body (`error.code`, `error.type` or `code` of a JSON object), if any. */
export function errorCodeOfBody(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; type?: unknown } | unknown; code?: unknown };
    const error = typeof body.error === 'object' && body.error !== null ? (body.error as { code?: unknown; type?: unknown }) : undefined;
    const code = error?.code ?? error?.type ?? body.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The error codes (Node's and OpenSSL's) of TLS and certificate verification failures. */
export const TLS_FAILURE_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_(GET|VERIFY)_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_)/;

/**
 * Whether a failed connection is a TLS or certificate verification failure,
 * which no retry policy retries (Agent Spec: "Runtimes MUST NOT treat
 * TLS/certificate verification errors as retryable").
 */
export function isTlsFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TLS_FAILURE_CODE.test(code)) return true;
  }
  return false;
}
