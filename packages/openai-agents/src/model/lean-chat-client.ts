import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { OpenAIClient } from '@openai/agents';
import { AttemptSignal } from '@agentspec/runtime';

/** What the lean path of a client needs: where, with which key, how long, through which fetch. */
export interface LeanChatOptions {
  readonly baseURL: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
}

/** The request options the SDK's Chat Completions model passes (`headers`, `signal`, `maxRetries`). */
interface RequestOptions {
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal | null;
}

/**
 * The `openai` client `client` for the SDK's `OpenAIChatCompletionsModel`,
 * its non-streamed chat completions sent straight through `options.fetch`:
 * the client's own request machinery (header merging, request logging with
 * redaction, a timer and an abort listener per request and per parse) cost a
 * compiled agent's session more CPU than its HTTP exchange. Same URL, body,
 * key and timeout; the answer as the client parses it (`_request_id`
 * included); failures as the client's own error classes (`APIError.generate`,
 * `APIConnectionError`, `APIConnectionTimeoutError`, `APIUserAbortError`).
 * Everything else — streamed completions, the Responses API, every other
 * member — is the client itself. The client's retries must be off (the fetch
 * retries).
 */
export function leanChatClient(client: OpenAIClient, options: LeanChatOptions): OpenAIClient {
  const completions = client.chat.completions as unknown as { create(body: unknown, options?: RequestOptions): unknown };
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const create = (body: { stream?: boolean | null }, requestOptions?: RequestOptions): unknown =>
    body.stream ? completions.create(body, requestOptions) : post(url, body, requestOptions ?? {}, options);
  const chat = Object.create(client.chat, { completions: { value: Object.create(completions, { create: { value: create } }) } }) as object;
  return Object.create(client, { chat: { value: chat } }) as OpenAIClient;
}

async function post(url: string, body: unknown, { headers, signal }: RequestOptions, { apiKey, timeoutMs, fetch }: LeanChatOptions): Promise<unknown> {
  if (signal?.aborted) throw new APIUserAbortError();
  const attempt = new AttemptSignal(signal, timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, ...headers },
        body: JSON.stringify(body),
        signal: attempt.signal,
      });
      text = await response.text();
    } catch (e) {
      throw failure(attempt, signal, e);
    }
    if (!response.ok) {
      const json = safeJson(text);
      const error = json && typeof json === 'object' && (json as { error?: unknown }).error == null ? { error: json } : json;
      throw APIError.generate(response.status, error as object | undefined, json ? undefined : text, response.headers);
    }
    // as the client's defaultParseResponse: no body on 204, JSON parsed (an empty one is undefined), anything else as text
    if (response.status === 204) return null;
    if (!isJson(response.headers.get('content-type'))) return text;
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      Object.defineProperty(parsed, '_request_id', { value: response.headers.get('x-request-id'), enumerable: false });
    }
    return parsed;
  } finally {
    attempt.end();
  }
}

/** What the client throws for a request that failed with `cause`: cancelled, timed out, or a connection error. */
function failure(attempt: AttemptSignal, caller: AbortSignal | null | undefined, cause: unknown): APIError {
  if (caller?.aborted) return new APIUserAbortError();
  // this request's timer, or the fetch's own time limit (providerFetch's, over the answer's body too)
  if (attempt.timedOut || (cause as { name?: unknown } | null)?.name === 'TimeoutError') return new APIConnectionTimeoutError();
  return new APIConnectionError({ cause: cause instanceof Error ? cause : new Error(String(cause)) });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON as the `openai` client's defaultParseResponse tells it (its media type includes application/json, or ends in +json). */
function isJson(contentType: string | null): boolean {
  const media = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return media.includes('application/json') || media.endsWith('+json');
}
