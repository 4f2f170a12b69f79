import { hostAllowed } from '../http/check-http-target.js';

/** OpenAI's own endpoint: where `llm.apiKey` / OPENAI_API_KEY go unless OPENAI_BASE_URL names another. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** A URL's origin (scheme, host, effective port); undefined when it does not parse. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a credential given for `keyOrigin` may be sent to `baseUrl` (DESIGN
 * §11): only to the same origin, or to a host (or host:port) the user listed
 * in `llm.credentialHosts`. A spec decides where its LLM configs point; it
 * never decides where the user's key goes.
 */
export function credentialAllowed(baseUrl: string, keyOrigin: string, credentialHosts: readonly string[] | undefined): boolean {
  let target: URL;
  try {
    target = new URL(baseUrl);
  } catch {
    return false;
  }
  return target.origin === originOf(keyOrigin) || hostAllowed(target, credentialHosts);
}
