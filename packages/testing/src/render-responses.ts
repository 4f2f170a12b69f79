import { newId } from './ids.js';
import { isObject } from './normalize.js';
import type { Obj } from './normalize.js';
import type { CompletionReply } from './plan-reply.js';
import { splitArguments, splitText } from './sse.js';

export interface OutputText {
  type: 'output_text';
  text: string;
  annotations: [];
  logprobs: [];
}

export interface MessageItem {
  type: 'message';
  id: string;
  status: 'in_progress' | 'completed' | 'incomplete';
  role: 'assistant';
  content: OutputText[];
}

export interface FunctionCallItem {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  arguments: string;
  status: 'in_progress' | 'completed' | 'incomplete';
}

/** A hosted tool call's output item (`web_search_call`, …), as the rule gave it. */
export interface HostedToolCallOutputItem {
  type: string;
  id: string;
  status: string;
  [field: string]: unknown;
}

export type OutputItem = MessageItem | FunctionCallItem | HostedToolCallOutputItem;

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number; cache_write_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

/** A `response` object, as `POST /v1/responses` returns it; request settings are echoed. */
export interface ResponseBody {
  id: string;
  object: 'response';
  created_at: number;
  status: 'in_progress' | 'completed' | 'incomplete';
  background: false;
  error: null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  instructions: string | null;
  max_output_tokens: number | null;
  max_tool_calls: null;
  model: string;
  output: OutputItem[];
  parallel_tool_calls: boolean;
  previous_response_id: string | null;
  reasoning: { effort: null; summary: null };
  service_tier: 'default';
  store: boolean;
  temperature: number;
  text: { format: unknown; verbosity: 'medium' };
  tool_choice: unknown;
  tools: unknown[];
  top_logprobs: number;
  top_p: number;
  truncation: 'auto' | 'disabled';
  usage: ResponsesUsage | null;
  user: null;
  metadata: Record<string, string>;
}

/** One streamed event: its `type`, a `sequence_number` and the event's fields. */
export interface ResponseStreamEvent {
  type: string;
  sequence_number: number;
  [field: string]: unknown;
}

type PendingEvent = { type: string } & Record<string, unknown>;

const pick = <T>(value: unknown, test: (v: unknown) => boolean, fallback: T): T => (test(value) ? (value as T) : fallback);
const isNumber = (v: unknown): boolean => typeof v === 'number';

/** The non-streamed body for a reply to this request body (its model and settings echoed). */
export function renderResponse(reply: CompletionReply, body: Obj, createdAt = Math.floor(Date.now() / 1000)): ResponseBody {
  const incomplete = reply.finishReason === 'length' || reply.finishReason === 'content_filter';
  const itemStatus = incomplete ? 'incomplete' : 'completed';
  const output: OutputItem[] = (reply.hostedToolCalls ?? []).map((item) => ({ ...item }));
  if (reply.text !== null) {
    output.push({
      type: 'message', id: newId('msg_', 48), status: itemStatus, role: 'assistant',
      content: [{ type: 'output_text', text: reply.text, annotations: [], logprobs: [] }],
    });
  }
  for (const call of reply.toolCalls) {
    output.push({ type: 'function_call', id: newId('fc_', 48), call_id: call.id, name: call.name, arguments: call.arguments, status: 'completed' });
  }
  const text = isObject(body.text) ? body.text : {};
  return {
    id: newId('resp_', 48),
    object: 'response',
    created_at: createdAt,
    status: incomplete ? 'incomplete' : 'completed',
    background: false,
    error: null,
    incomplete_details: !incomplete ? null : { reason: reply.finishReason === 'length' ? 'max_output_tokens' : 'content_filter' },
    instructions: pick(body.instructions, (v) => typeof v === 'string', null),
    max_output_tokens: pick(body.max_output_tokens, isNumber, null),
    max_tool_calls: null,
    model: String(body.model),
    output,
    parallel_tool_calls: pick(body.parallel_tool_calls, (v) => typeof v === 'boolean', true),
    previous_response_id: pick(body.previous_response_id, (v) => typeof v === 'string', null),
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: pick(body.store, (v) => typeof v === 'boolean', true),
    temperature: pick(body.temperature, isNumber, 1),
    text: { format: isObject(text.format) ? text.format : { type: 'text' }, verbosity: 'medium' },
    tool_choice: body.tool_choice ?? 'auto',
    tools: pick(body.tools, Array.isArray, []),
    top_logprobs: 0,
    top_p: pick(body.top_p, isNumber, 1),
    truncation: body.truncation === 'auto' ? 'auto' : 'disabled',
    usage: {
      input_tokens: reply.usage.promptTokens,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: reply.usage.completionTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: reply.usage.totalTokens,
    },
    user: null,
    metadata: pick(body.metadata, isObject, {}),
  };
}

function isMessage(item: OutputItem): item is MessageItem {
  return item.type === 'message';
}

function itemEvents(item: OutputItem, outputIndex: number): PendingEvent[] {
  const at = { item_id: item.id, output_index: outputIndex };
  if (item.type === 'function_call') {
    const call = item as FunctionCallItem;
    return [
      { type: 'response.output_item.added', output_index: outputIndex, item: { ...call, arguments: '', status: 'in_progress' } },
      ...splitArguments(call.arguments).map((delta) => ({ type: 'response.function_call_arguments.delta', ...at, delta })),
      { type: 'response.function_call_arguments.done', ...at, arguments: call.arguments },
      { type: 'response.output_item.done', output_index: outputIndex, item },
    ];
  }
  if (!isMessage(item)) {
    // a hosted tool call: added in progress (its fields already there, as clients parse them), then done
    return [
      { type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress' } },
      { type: `response.${item.type}.completed`, ...at },
      { type: 'response.output_item.done', output_index: outputIndex, item },
    ];
  }
  const part = item.content[0] ?? { type: 'output_text', text: '', annotations: [], logprobs: [] };
  const inPart = { ...at, content_index: 0 };
  return [
    { type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', ...inPart, part: { ...part, text: '' } },
    ...splitText(part.text).map((delta) => ({ type: 'response.output_text.delta', ...inPart, delta, logprobs: [] })),
    { type: 'response.output_text.done', ...inPart, text: part.text, logprobs: [] },
    { type: 'response.content_part.done', ...inPart, part },
    { type: 'response.output_item.done', output_index: outputIndex, item },
  ];
}

/**
 * The events that stream the same response: `response.created`,
 * `response.in_progress`, per output item `response.output_item.added`, its
 * content / argument deltas and `…done` events, `response.output_item.done`,
 * then `response.completed` (or `response.incomplete`).
 */
export function renderResponseEvents(response: ResponseBody): ResponseStreamEvent[] {
  const pending: ResponseBody = { ...response, status: 'in_progress', output: [], usage: null, incomplete_details: null };
  const events: PendingEvent[] = [
    { type: 'response.created', response: pending },
    { type: 'response.in_progress', response: pending },
    ...response.output.flatMap((item, i) => itemEvents(item, i)),
    { type: response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', response },
  ];
  return events.map(({ type, ...fields }, sequence) => ({ type, sequence_number: sequence, ...fields }));
}
