/** HTTP calls of ApiNode and RemoteTool (DESIGN §4.2, §11). */
export { callHttp, type HttpCallOptions } from './call-http.js';
export { buildHttpRequest, renderHeaders, type HttpRequest } from './build-http-request.js';
export { checkHttpTarget, checkRedirectTarget, hostAllowed, hostIsTemplated, targetRefusal, type HopOrigin } from './check-http-target.js';
export { addressClass, type AddressClass } from './address-class.js';
export { appendParam, encodeHttpBody, formEncode, isFormType, type EncodedBody } from './encode-http-body.js';
export { bodyExcerpt, decodeHttpBody, isJsonContentType } from './decode-http-body.js';
export { followRedirect, MAX_REDIRECTS } from './follow-redirect.js';
export { DEFAULT_MAX_BODY_BYTES, readHttpBody, type OverCap } from './read-http-body.js';
export {
  DEFAULT_HTTP_RETRIES,
  DEFAULT_HTTP_TIMEOUT_MS,
  DEFAULT_RETRY_POLICY,
  isRetryable,
  parseRetryAfter,
  retryDelayMs,
  type AttemptFailure,
  type RetryPolicy,
} from './http-retry-policy.js';
export { mapHttpResult } from './map-http-result.js';
export { checkUrlAllowList, urlAllowed } from './url-allow-list.js';
export { AddressRefused, dispatcherFor, isResolvedName, resolvedRefusal } from './resolved-address-guard.js';
export { AttemptSignal } from './attempt-signal.js';
