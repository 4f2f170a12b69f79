import { SENSITIVE_FIELD_NAMES } from '@agentspec/core';
import { redactUrlsIn } from '../store/redact-url.js';

/** Shown instead of a sensitive value. */
export const REDACTED = '***';

/** Keys whose values are secrets wherever they appear: core's SENSITIVE_FIELD_NAMES, and the usual spellings of API keys and auth headers. */
const SECRET_KEYS = new Set([...SENSITIVE_FIELD_NAMES, 'apiKey', 'api-key', 'x-api-key', 'authorization', 'proxy-authorization']);

/** Whether a key names a secret (see {@link redactSensitive}). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key) || SECRET_KEYS.has(key.toLowerCase());
}

/**
 * A JSON-like copy of `value` fit for a trace or an exporter: the values of
 * keys that name secrets (`api_key`, `sensitive_headers`, `password`,
 * `client_secret`, `credentials`, `authorization`, …) become `***`, and every
 * URL in a string has its password and secret-looking query values hidden
 * (`redactUrlsIn`). Functions, symbols and cycles are dropped; bigints become
 * strings.
 */
export function redactSensitive(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes('://') ? redactUrlsIn(v) : v;
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (typeof v !== 'object' || v === null) return v;
    if (seen.has(v)) return undefined;
    seen.add(v);
    try {
      if (Array.isArray(v)) return v.map((x) => walk(x) ?? null);
      if (v instanceof Date) return v.toISOString();
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (isSecretKey(k)) out[k] = REDACTED;
        else {
          const w = walk(x);
          if (w !== undefined) out[k] = w;
        }
      }
      return out;
    } finally {
      seen.delete(v);
    }
  };
  return walk(value);
}
