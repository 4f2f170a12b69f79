import { RuntimeError, type ErrorSite } from '../errors.js';

const EXCERPT = 300;

/**
 * What an LLM endpoint's failure body says, the same whichever client read
 * it: its `error.message` (the OpenAI error shape), `error` when a string, or
 * `message`; else the first 300 characters of the body. `body` is the text
 * as received, or what a client parsed of it.
 */
export function llmErrorDetail(body: unknown): string {
  let value = body;
  if (typeof value === 'string') {
    const text = value.trim();
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return text.slice(0, EXCERPT);
    }
  }
  if (typeof value === 'object' && value !== null) {
    const o = value as { error?: unknown; message?: unknown };
    const error = o.error as { message?: unknown } | string | undefined;
    if (typeof error === 'string') return error.slice(0, EXCERPT);
    if (typeof error === 'object' && error !== null && typeof error.message === 'string') return error.message.slice(0, EXCERPT);
    if (typeof o.message === 'string') return o.message.slice(0, EXCERPT);
    return JSON.stringify(value).slice(0, EXCERPT);
  }
  return value === undefined || value === null ? '' : String(value).slice(0, EXCERPT);
}

/**
 * The AS_LLM_HTTP error of an LLM endpoint that answered a failure status
 * (after the retries): one message on every runtime, `the LLM endpoint
 * answered HTTP <status>: <detail>` (see {@link llmErrorDetail}).
 */
export function llmHttpError(status: number, body: unknown, site: ErrorSite, cause?: unknown): RuntimeError {
  const detail = llmErrorDetail(body);
  return new RuntimeError('AS_LLM_HTTP', `the LLM endpoint answered HTTP ${status}${detail ? `: ${detail}` : ''}`, site, cause === undefined ? undefined : { cause });
}

/**
 * The failure body as the `openai` client kept it (its APIError's `error` is
 * the body's `error` member), for {@link llmErrorDetail}; without one, the
 * error's message without the status the client writes first.
 */
export function openAiErrorBody(error: unknown, message: string): unknown {
  const body = (error as { error?: unknown } | null)?.error;
  if (typeof body === 'string' || (typeof body === 'object' && body !== null)) return { error: body };
  return message.replace(/^\d{3}\s+/, '');
}

/** Error codes of a connection that closed under a request or its answer (also written into emitted modules: emit/llm-connection-lost.ts). */
export const LLM_CONNECTION_LOST_CODES: readonly string[] = ['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED'];
const LOST_CODES: ReadonlySet<string> = new Set(LLM_CONNECTION_LOST_CODES);

/**
 * Whether `error`, or an error it wraps (`cause`), is the connection to the
 * LLM endpoint closing before its answer was complete: fetch's `terminated`
 * (undici's `UND_ERR_SOCKET` under it), a reset, a broken pipe. Such an
 * answer is not malformed (AS_LLM_RESPONSE): the endpoint failed to deliver
 * it ({@link llmConnectionLostError}).
 */
export function llmConnectionLost(error: unknown): boolean {
  let x = error;
  for (let depth = 0; typeof x === 'object' && x !== null && depth < 8; depth++) {
    const o = x as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
    if (o.name === 'TypeError' && o.message === 'terminated') return true;
    if (typeof o.code === 'string' && LOST_CODES.has(o.code)) return true;
    x = o.cause;
  }
  return false;
}

/**
 * The AS_LLM_HTTP error of an answer whose connection closed before it was
 * complete (a body or stream cut half-way): one message on every runtime;
 * what came of the answer is not used.
 */
export function llmConnectionLostError(error: unknown, site: ErrorSite): RuntimeError {
  const detail = error instanceof Error ? error.message : String(error);
  return new RuntimeError('AS_LLM_HTTP', `the connection to the LLM endpoint closed before its answer was complete (${detail})`, site, { cause: error });
}
