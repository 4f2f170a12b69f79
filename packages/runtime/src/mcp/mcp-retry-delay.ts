import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { RuntimeError } from '../errors.js';
import { DEFAULT_RETRY_POLICY } from '../http/http-retry-policy.js';
import { isTlsFailure, specRetryDelay, specRetryDelayMs, type SpecRetryPolicy } from '../llm/spec-retry-policy.js';

/**
 * Milliseconds to wait before retrying a failed MCP request under the spec's
 * `retry_policy` (of the MCPTool, the MCPToolBox or the remote transport), or
 * undefined when the failure is final:
 *
 * - an HTTP status answered by a remote server (streamable HTTP, SSE) is
 *   retried when the policy takes it (its `recoverable_statuses`, any 5xx but
 *   501 when `service_error_retry_on_any_5xx`);
 * - a failure to connect (no answer to the handshake, a stdio server that
 *   would not start or exited) and a network error are retried;
 * - a closed connection or a timed-out request only when `idempotent` (a
 *   listing of tools: a tool call may have run);
 * - never: a TLS or certificate failure, a refusal (AS_HTTP_REFUSED), a
 *   cancellation, an answer over the size cap, an error the server answered
 *   (a JSON-RPC error, a tool reporting `isError`).
 *
 * `connecting` says the failure happened before the request was sent (the
 * connection could not be opened).
 */
export function mcpRetryDelay(error: unknown, policy: SpecRetryPolicy, attempt: number, { connecting, idempotent }: { connecting: boolean; idempotent: boolean }): number | undefined {
  let cause = error;
  if (RuntimeError.isInstance(error)) {
    if ((error as RuntimeError).code !== 'AS_MCP') return undefined;
    cause = (error as RuntimeError).cause;
  }
  if (isTlsFailure(cause)) return undefined;
  const status = httpStatusOf(cause);
  if (status !== undefined) return specRetryDelay(policy, attempt, { status }, DEFAULT_RETRY_POLICY.maxRetryAfterMs);
  // an error the server answered
  if (cause instanceof McpError && cause.code !== ErrorCode.ConnectionClosed && cause.code !== ErrorCode.RequestTimeout) return undefined;
  if (connecting || idempotent || isNetworkFailure(cause)) return specRetryDelayMs(policy, attempt, undefined);
  return undefined;
}

/** The HTTP status a failed request of the SDK's remote transports answered, if it got one. */
export function httpStatusOf(error: unknown): number | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof McpError) return undefined;
    const code = (e as { code?: unknown }).code;
    // StreamableHTTPError and SseError carry the status as their code
    if (typeof code === 'number' && code >= 100 && code <= 599 && /^(Streamable HTTP|SSE) error/.test(e.message)) return code;
    // SSEClientTransport.send: "Error POSTing to endpoint (HTTP 503): …"
    const m = /\(HTTP (\d{3})\)/.exec(e.message);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** A failure of the network below HTTP: `fetch failed`, a refused or reset connection, a DNS failure. */
export function isNetworkFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return true;
    if (e instanceof TypeError && /fetch failed/i.test(e.message)) return true;
  }
  return false;
}
