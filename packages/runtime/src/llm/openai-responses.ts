import type { LlmMessage, LlmRequest, LlmResponse } from './backend.js';
import { sseData } from './sse-data.js';

/** The input items of a conversation: messages by role, an assistant's tool calls as `function_call` items, tool results as `function_call_output`. */
function inputItems(messages: readonly LlmMessage[]): Record<string, unknown>[] {
  return messages.flatMap((m): Record<string, unknown>[] => {
    if (m.role === 'tool') return [{ type: 'function_call_output', call_id: m.toolCallId, output: m.content }];
    if (m.role === 'assistant' && m.toolCalls && m.toolCalls.length > 0) {
      return [
        ...(m.content === '' ? [] : [{ role: 'assistant', content: m.content }]),
        ...m.toolCalls.map((c) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments })),
      ];
    }
    return [{ role: m.role, content: m.content }];
  });
}

/**
 * The Responses API request body of an LlmRequest (`POST /responses`): the
 * whole conversation as input items each time (no `previous_response_id`:
 * the session holds the conversation), function tools, structured output as `text.format`, the
 * generation parameters (`max_output_tokens`) and any other parameter of the
 * config as it is.
 */
export function responsesRequestBody(model: string, r: LlmRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { model, input: inputItems(r.messages) };
  if (r.tools && r.tools.length > 0) {
    body.tools = r.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters, strict: false }));
  }
  if (r.outputSchema) body.text = { format: { type: 'json_schema', name: r.outputSchema.name, schema: r.outputSchema.schema, strict: false } };
  if (r.params.temperature !== undefined) body.temperature = r.params.temperature;
  if (r.params.topP !== undefined) body.top_p = r.params.topP;
  if (r.params.maxTokens !== undefined) body.max_output_tokens = r.params.maxTokens;
  for (const [k, v] of Object.entries(r.params.extra ?? {})) if (!(k in body)) body[k] = v;
  if (r.onDelta) body.stream = true;
  return body;
}

interface OutputItem {
  readonly type?: string;
  readonly content?: readonly { readonly type?: string; readonly text?: string }[];
  readonly call_id?: string;
  readonly name?: string;
  readonly arguments?: string;
}

/** The text (every `output_text` part of the message items) and function calls of a `response` object. */
export function parseResponse(json: unknown): LlmResponse {
  const response = json as { output?: unknown; usage?: { input_tokens?: number; output_tokens?: number } | null; error?: { message?: string } | null; status?: string };
  if (response?.status === 'failed') throw new Error(`the response failed: ${response.error?.message ?? 'no reason given'}`);
  if (!Array.isArray(response?.output)) throw new Error('no output in the answer');
  const items = response.output as readonly OutputItem[];
  const text = items
    .filter((i) => i.type === 'message')
    .flatMap((i) => i.content ?? [])
    .filter((p) => p.type === 'output_text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
  const calls = items.filter((i) => i.type === 'function_call');
  const usage = response.usage;
  return {
    text,
    toolCalls: calls.map((c, i) => ({ id: c.call_id ?? `call_${i}`, name: c.name ?? '', arguments: c.arguments ?? '' })),
    ...(usage ? { usage: { promptTokens: usage.input_tokens ?? 0, completionTokens: usage.output_tokens ?? 0 } } : {}),
  };
}

/**
 * Read a streamed response (SSE), calling `onDelta` with each
 * `response.output_text.delta`; the answer is the `response.completed` (or
 * `response.incomplete`) event's response. A `response.failed` or `error`
 * event, or a stream that ends before completing, is an error.
 */
export async function readResponsesStream(res: Response, onDelta: (text: string) => void): Promise<LlmResponse> {
  if (!res.body) throw new Error('the streamed answer has no body');
  let final: LlmResponse | undefined;
  const handle = (data: string) => {
    if (data === '[DONE]') return;
    const event = JSON.parse(data) as { type?: string; delta?: unknown; response?: unknown; message?: string; error?: { message?: string } };
    if (event.type === 'response.output_text.delta' && typeof event.delta === 'string' && event.delta !== '') onDelta(event.delta);
    else if (event.type === 'response.completed' || event.type === 'response.incomplete') final = parseResponse(event.response);
    else if (event.type === 'response.failed') parseResponse(event.response);
    else if (event.type === 'error') throw new Error(`the stream reported an error: ${event.message ?? event.error?.message ?? 'no message'}`);
  };
  for await (const { data } of sseData(res.body)) handle(data);
  if (!final) throw new Error('the stream ended before response.completed');
  return final;
}
