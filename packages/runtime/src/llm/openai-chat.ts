import type { LlmOptions } from '../contract.js';
import { llmConnectionLost, llmConnectionLostError, llmHttpError } from './llm-http-error.js';
import { RuntimeError } from '../errors.js';
import { redactUrl, redactUrlsIn } from '../store/redact-url.js';
import { AttemptSignal } from '../http/attempt-signal.js';
import type { LlmBackend, LlmMessage, LlmRequest, LlmResponse } from './backend.js';
import { resolveEndpoint } from './endpoint.js';
import { readChatStream } from './chat-stream.js';
import { parseResponse, readResponsesStream, responsesRequestBody } from './openai-responses.js';
import { DEFAULT_LLM_TIMEOUT_MS } from './provider-fetch.js';
import { retryingFetch } from './retrying-fetch.js';
import { llmRetryOptions } from './spec-retry-policy.js';

/**
 * An LlmBackend over the OpenAI Chat Completions API, for OpenAI and every
 * OpenAI-compatible server (vLLM, Ollama, the scripted test server), or over
 * the Responses API for a config with `api_type: responses` (`llmApi`). Retries
 * 429/5xx and network errors through `retryingFetch`; coded errors otherwise.
 */
export function openAiChatBackend(options: LlmOptions = {}): LlmBackend {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  // 429/5xx/network errors retried by the one LLM retry policy (Retry-After honoured up to its cap)
  // one fetch per LLM config: its retry_policy, when it has one, decides the retries
  const sends = new WeakMap<object, typeof fetch>();
  return {
    async generate(request: LlmRequest): Promise<LlmResponse> {
      const endpoint = resolveEndpoint(request.config, options);
      const site = { llm: request.config.id };
      const responses = endpoint.api === 'responses';
      const body = responses ? responsesRequestBody(endpoint.model, request) : requestBody(endpoint.model, request);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
      const attempt = new AttemptSignal(request.signal, timeoutMs);
      try {
        let res: Response;
        try {
          let send = sends.get(request.config);
          if (!send) sends.set(request.config, (send = retryingFetch(llmRetryOptions(request.config, options))));
          res = await send(`${endpoint.baseUrl}/${responses ? 'responses' : 'chat/completions'}`, { method: 'POST', headers, body: JSON.stringify(body), signal: attempt.signal });
        } catch (e) {
          if (request.signal?.aborted) throw new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
          if (attempt.timedOut) throw new RuntimeError('AS_LLM_TIMEOUT', `no answer from ${redactUrl(endpoint.baseUrl)} within ${timeoutMs} ms`, site, { cause: e });
          if (llmConnectionLost(e)) throw llmConnectionLostError(e, site);
          throw new RuntimeError('AS_LLM_HTTP', `cannot reach ${redactUrl(endpoint.baseUrl)}: ${redactUrlsIn((e as Error).message)}`, site, { cause: e });
        }
        if (!res.ok) {
          const text = await res.text().catch(() => '');
          throw llmHttpError(res.status, text, site);
        }
        try {
          if (responses) return request.onDelta ? await readResponsesStream(res, request.onDelta) : parseResponse(await res.json());
          return request.onDelta ? await readChatStream(res, request.onDelta) : parseCompletion(await res.json());
        } catch (e) {
          if (RuntimeError.isInstance(e)) throw e;
          if (attempt.timedOut) throw new RuntimeError('AS_LLM_TIMEOUT', `the LLM answer did not complete within ${timeoutMs} ms`, site, { cause: e });
          if (llmConnectionLost(e)) throw llmConnectionLostError(e, site);
          throw new RuntimeError('AS_LLM_RESPONSE', `malformed answer from the LLM endpoint: ${(e as Error).message}`, site, { cause: e });
        }
      } finally {
        attempt.end();
      }
    },
  };
}

function toWire(m: LlmMessage): Record<string, unknown> {
  if (m.role === 'assistant' && m.toolCalls && m.toolCalls.length > 0) {
    return {
      role: 'assistant',
      content: m.content === '' ? null : m.content,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
    };
  }
  if (m.role === 'tool') return { role: 'tool', content: m.content, tool_call_id: m.toolCallId };
  return { role: m.role, content: m.content };
}

/** The Chat Completions request body of an LlmRequest. */
export function requestBody(model: string, r: LlmRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages: r.messages.map(toWire) };
  if (r.tools && r.tools.length > 0) {
    body.tools = r.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
  }
  if (r.outputSchema) body.response_format = { type: 'json_schema', json_schema: { name: r.outputSchema.name, schema: r.outputSchema.schema, strict: false } };
  if (r.params.temperature !== undefined) body.temperature = r.params.temperature;
  if (r.params.topP !== undefined) body.top_p = r.params.topP;
  if (r.params.maxTokens !== undefined) body.max_tokens = r.params.maxTokens;
  for (const [k, v] of Object.entries(r.params.extra ?? {})) if (!(k in body)) body[k] = v;
  if (r.onDelta) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

/** The text and tool calls of a non-streamed chat completion. */
export function parseCompletion(json: unknown): LlmResponse {
  const choice = (json as { choices?: { message?: Record<string, unknown> }[] })?.choices?.[0];
  const message = choice?.message;
  if (!message) throw new Error('no choices[0].message in the answer');
  const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as { id?: string; function?: { name?: string; arguments?: string } }[]) : [];
  const usage = (json as { usage?: { prompt_tokens?: number; completion_tokens?: number } }).usage;
  return {
    text: typeof message.content === 'string' ? message.content : '',
    toolCalls: calls.map((c, i) => ({ id: c.id ?? `call_${i}`, name: c.function?.name ?? '', arguments: c.function?.arguments ?? '' })),
    ...(usage ? { usage: { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 } } : {}),
  };
}
