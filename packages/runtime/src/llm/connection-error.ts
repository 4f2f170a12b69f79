/**
 * Telling a request that never reached the LLM endpoint (connection refused,
 * unknown host, reset socket) from one the endpoint answered badly, whatever
 * client threw it: Node's fetch (undici), the `openai` client, the AI SDK,
 * Mastra. Every runtime reports such a failure as AS_LLM_HTTP ("cannot reach"),
 * so they agree on the code (DESIGN §4.1).
 */

/** Socket-level error codes of Node and undici that mean "the endpoint was not reached". */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
]);

/** Class names of client errors that mean the same (the `openai` client's errors are named by class only). */
const CONNECTION_CLASSES = new Set(['APIConnectionError']);

interface ErrorLike {
  readonly name?: unknown;
  readonly message?: unknown;
  readonly code?: unknown;
  readonly cause?: unknown;
  readonly lastError?: unknown;
  readonly errors?: unknown;
}

/** An error and every error it wraps (`cause`, `lastError` of retry errors, `errors` of AggregateError), breadth first. */
function* wrapped(e: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [e];
  while (queue.length > 0 && seen.size < 32) {
    const x = queue.shift();
    if (typeof x !== 'object' || x === null || seen.has(x)) continue;
    seen.add(x);
    const err = x as ErrorLike;
    yield err;
    queue.push(err.cause, err.lastError, ...(Array.isArray(err.errors) ? err.errors : []));
  }
}

/**
 * Why `e` (or an error it wraps) says the request never reached the endpoint —
 * the socket error code (`ECONNREFUSED`, …), or the client's error class — or
 * undefined when it does not (an HTTP status, a timeout, a malformed answer, …).
 */
export function connectionFailure(e: unknown): string | undefined {
  for (const err of wrapped(e)) {
    if (typeof err.code === 'string' && CONNECTION_CODES.has(err.code)) return err.code;
    const kind = (err as object).constructor?.name;
    if (kind && CONNECTION_CLASSES.has(kind)) return kind;
  }
  for (const err of wrapped(e)) {
    if (err.name === 'TypeError' && err.message === 'fetch failed') return 'fetch failed';
    // the AI SDK's error of a request that got no response at all (no status): "Cannot connect to API"
    if (err.name === 'AI_APICallError' && (err as { statusCode?: unknown }).statusCode === undefined) return 'no response';
  }
  return undefined;
}
