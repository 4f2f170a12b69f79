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
