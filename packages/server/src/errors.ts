import { AgentSpecError } from '@agentspec/core';

/**
 * The codes of the server's own errors, with the HTTP status each answers
 * with (failed runs carry the runtime codes of @agentspec/runtime). Stable:
 * added to, never renamed. Listed in the README.
 */
export const SERVER_ERROR_CODES = {
  AS_UNAUTHORIZED: { status: 401, doc: 'The request has no bearer token, or not the one the server was started with.' },
  AS_BAD_REQUEST: { status: 400, doc: 'The request body is not JSON, or not the shape the route takes (the message says what is wrong).' },
  AS_NOT_FOUND: { status: 404, doc: 'No such route, or no chat of that id.' },
  AS_METHOD_NOT_ALLOWED: { status: 405, doc: 'The route exists but not with that HTTP method.' },
  AS_REQUEST_TOO_LARGE: { status: 413, doc: 'The request body is larger than the server\'s limit (guards.maxRequestBytes, default 1 MB); nothing ran.' },
  AS_USAGE_LIMIT: { status: 429, doc: 'The session used up one of its limits (tokens, LLM calls or tool calls: guards.maxTokens, maxLlmCalls, maxToolCalls); the run was stopped, and the session takes no more runs.' },
  AS_LOOP_DETECTED: { status: 429, doc: 'The same tool was called with the same arguments more times in a row than guards.maxRepeatedToolCalls allows; the run was stopped before that call.' },
  AS_TIMEOUT: { status: 504, doc: 'A run took longer than guards.runTimeoutMs; it was stopped (the session stays usable: the next run retries).' },
  AS_UNKNOWN_RUNTIME: { status: 400, doc: 'The request names a runtime this server does not serve.' },
  AS_INSECURE_BIND: { status: 500, doc: 'The server was asked to listen on a non-loopback host without a bearer token (refused at start).' },
  AS_ORIGIN_NOT_ALLOWED: { status: 403, doc: 'A CORS preflight from an origin the server does not list (--cors / options.cors); no CORS headers are sent.' },
  AS_INSECURE_CORS: { status: 500, doc: 'The CORS origins are not origins, or are * on a server with a bearer token (refused at start).' },
} as const satisfies Record<string, { status: number; doc: string }>;

export type ServerErrorCode = keyof typeof SERVER_ERROR_CODES;

/** A request the server refuses, or a guard that stopped a run. */
export class ServerError extends AgentSpecError {
  constructor(code: ServerErrorCode, message: string, options?: { hint?: string; cause?: unknown }) {
    super(code, message, options);
    this.name = 'ServerError';
  }
}

/** HTTP statuses of runtime codes that are the caller's doing rather than a failed run. */
const RUNTIME_STATUS: Readonly<Record<string, number>> = {
  AS_SESSION_BUSY: 409, AS_INVALID_STATE: 409, AS_RESUME_MISMATCH: 409, AS_SESSION_NOT_FOUND: 404, AS_MISSING_INPUT: 400,
};

/** What an error looks like on the wire: its code, its message without the `CODE: ` prefix and hint, and the hint. */
export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
}

export function errorBody(e: unknown): ErrorBody {
  const err = e as { code?: unknown; message?: unknown; hint?: unknown };
  const code = typeof err?.code === 'string' && err.code.startsWith('AS_') ? err.code : 'AS_INTERNAL';
  const hint = typeof err?.hint === 'string' ? err.hint : undefined;
  const message = String(err?.message ?? e).replace(`${code}: `, '').replace(hint ? ` (hint: ${hint})` : '', '');
  return { code, message, ...(hint !== undefined ? { hint } : {}) };
}

/** The HTTP status an error answers with: the server code's, 4xx for the caller's mistakes, else 500 (a failed run). */
export function errorStatus(e: unknown): number {
  const { code } = errorBody(e);
  if (Object.hasOwn(SERVER_ERROR_CODES, code)) return SERVER_ERROR_CODES[code as ServerErrorCode].status;
  return RUNTIME_STATUS[code] ?? 500;
}
