/** Shown instead of a secret. */
const HIDDEN = '***';

/** Query parameter names that carry secrets: password, passwd, pwd, secret, token, api_key, apikey, key, access_token, sslpassword, sslkey, authToken, signature… */
const SECRET_PARAM = /pass|pwd|secret|token|key|auth|credential|signature|^sig$/i;

/** `?a=1&password=x#f` with the values of secret-looking parameters hidden (names and order kept). */
function redactQuery(query: string): string {
  return query.replace(/([?&;])([^=&#;]*)=([^&#;]*)/g, (whole, sep: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // keep the raw name
    }
    return SECRET_PARAM.test(decoded) ? `${sep}${name}=${HIDDEN}` : whole;
  });
}

/**
 * A URL fit for messages, logs, trace events and saved descriptions (DESIGN
 * §11): the userinfo password and the values of query parameters whose names
 * look secret (`password`, `sslpassword`, `token`, `api_key`, `key`, …) are
 * replaced by `***`. Text that is not a URL is redacted the same way as far as
 * it looks like one.
 */
export function redactUrl(url: string): string {
  let u: URL | undefined;
  try {
    // only `scheme://…` URLs: others (`file:./x.db`) would come back rewritten
    u = url.includes('://') ? new URL(url) : undefined;
  } catch {
    u = undefined;
  }
  if (!u) {
    const q = url.search(/[?#]/);
    const head = (q === -1 ? url : url.slice(0, q)).replace(/\/\/([^:/@]*):[^@/]*@/, `//$1:${HIDDEN}@`);
    return q === -1 ? head : head + redactQuery(url.slice(q));
  }
  if (u.password) u.password = HIDDEN;
  const { href, search, hash } = u;
  return href.slice(0, href.length - search.length - hash.length) + redactQuery(search) + hash;
}

/** `text` with every URL in it redacted ({@link redactUrl}): for messages of libraries that echo their connection URL. */
export function redactUrlsIn(text: string): string {
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]+/gi, (url) => redactUrl(url));
}
