import { errorTypeForStatus, openAiError } from './errors.js';
import type { OpenAiErrorBody } from './errors.js';
import { newId } from './ids.js';
import { formatViolations, validateJsonSchema } from './json-schema.js';
import type { NormalizedRequest } from './normalize.js';
import { argumentsText } from './normalize.js';
import type { Answer, ErrorAnswer, FinishReason, HostedToolCallSpec, SingleAnswer, ToolCallSpec, WireFault } from './rules.js';
import { countCompletionTokens, countPromptTokens, usageWith } from './usage.js';
import type { Usage } from './usage.js';

export interface ReplyToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** An HTTP error to send instead of a completion. */
export interface ErrorReply {
  readonly kind: 'error';
  readonly status: number;
  readonly body: OpenAiErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  readonly delayMs: number;
}

/** A completion to render for either API. */
export interface CompletionReply {
  readonly kind: 'completion';
  /** `null` when the reply is only tool calls. */
  readonly text: string | null;
  readonly toolCalls: readonly ReplyToolCall[];
  readonly finishReason: FinishReason;
  readonly usage: Usage;
  readonly delayMs: number;
  /** Break the wire format: a body / event that is not JSON, a connection cut mid-way, a response that stalls mid-way. */
  readonly fault?: WireFault;
  /** Output items of hosted tool calls (Responses API), ids and status filled in. */
  readonly hostedToolCalls?: readonly HostedToolCallItem[];
}

/** A hosted tool call's output item as sent. */
export interface HostedToolCallItem {
  readonly type: string;
  readonly id: string;
  readonly status: string;
  readonly [field: string]: unknown;
}

const HOSTED_ID_PREFIX: Readonly<Record<string, string>> = {
  web_search_call: 'ws_', file_search_call: 'fs_', code_interpreter_call: 'ci_', image_generation_call: 'ig_',
};

function hostedItems(specs: readonly HostedToolCallSpec[]): HostedToolCallItem[] {
  return specs.map((spec) => ({ ...spec, id: spec.id ?? newId(HOSTED_ID_PREFIX[spec.type] ?? 'htc_', 48), status: 'completed' }));
}

function hostedOnChat(label: string): ErrorReply {
  return {
    kind: 'error',
    status: 400,
    body: openAiError(`Scripted LLM: rule ${label} answers with hosted tool calls, which only the Responses API (/v1/responses) has.`,
      'invalid_request_error', 'hosted_tools_need_responses'),
    headers: { 'x-should-retry': 'false' },
    delayMs: 0,
  };
}

/** What the server sends for one request, independent of the API's wire format. */
export type Reply = ErrorReply | CompletionReply;

/** The answer to give on the rule's `useIndex`-th use (0-based): a sequence's Nth entry, its last one repeating. */
export function pickAnswer(answer: Answer, useIndex: number): SingleAnswer {
  if (!('sequence' in answer)) return answer;
  const entries = answer.sequence;
  const picked = entries[Math.min(useIndex, entries.length - 1)];
  if (picked === undefined) throw new Error('A sequence answer needs at least one entry.');
  return picked;
}

/** Arguments text that is certainly not JSON. */
function breakJson(text: string): string {
  const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  try {
    JSON.parse(cut);
    return `${cut}}`; // valid JSON followed by a stray brace is never JSON
  } catch {
    return cut;
  }
}

function toolCallsOf(specs: readonly ToolCallSpec[]): ReplyToolCall[] {
  return specs.map((spec) => ({
    id: spec.id ?? newId('call_'),
    name: spec.name,
    arguments: argumentsText(spec.arguments ?? {}),
  }));
}

function structuredError(label: string, request: NormalizedRequest, detail: string): ErrorReply {
  const format = request.responseFormat;
  const schemaName = format?.type === 'json_schema' ? format.name : '';
  const message =
    `Scripted LLM: rule ${label} answered with a structured value that does not match ` +
    `the JSON Schema "${schemaName}" of the request: ${detail}`;
  return {
    kind: 'error',
    status: 500,
    body: openAiError(message, 'scripted_llm_error', 'structured_output_mismatch'),
    headers: { 'x-should-retry': 'false' },
    delayMs: 0,
  };
}

interface Content {
  readonly text: string | null;
  readonly toolCalls: readonly ReplyToolCall[];
  readonly fault?: WireFault;
}

function contentOf(answer: Exclude<SingleAnswer, ErrorAnswer>, request: NormalizedRequest, label: string): Content | ErrorReply {
  if ('structured' in answer) {
    const format = request.responseFormat;
    if (format?.type === 'json_schema') {
      const violations = validateJsonSchema(answer.structured, format.schema);
      if (violations.length > 0) return structuredError(label, request, formatViolations(violations));
    }
    return { text: JSON.stringify(answer.structured), toolCalls: [] };
  }
  if ('malformed' in answer) {
    if (answer.malformed === 'tool_arguments') {
      const specs = answer.toolCalls ?? [{ name: request.tools[0]?.name ?? 'tool', arguments: { value: 'broken' } }];
      const toolCalls = toolCallsOf(specs).map((call) => ({ ...call, arguments: breakJson(call.arguments) }));
      return { text: answer.text ?? null, toolCalls };
    }
    const toolCalls = toolCallsOf(answer.toolCalls ?? []);
    const text = answer.text ?? (toolCalls.length === 0 ? 'This reply is broken on purpose.' : null);
    return { text, toolCalls, fault: answer.malformed };
  }
  if ('toolCalls' in answer) return { text: answer.text ?? null, toolCalls: toolCallsOf(answer.toolCalls) };
  return { text: answer.text, toolCalls: [] };
}

/**
 * Turns an answer into a reply for this request: ids, tool call arguments,
 * finish reason, usage; checks a structured answer against the requested
 * JSON Schema (a mismatch becomes an HTTP 500 naming the rule).
 */
export function planReply(answer: SingleAnswer, request: NormalizedRequest, label: string): Reply {
  const delayMs = answer.delayMs ?? 0;
  if ('error' in answer) {
    const { status, message, type, code, headers } = answer.error;
    return {
      kind: 'error',
      status,
      body: openAiError(message ?? `Scripted error ${status} from rule ${label}.`, type ?? errorTypeForStatus(status), code ?? null),
      headers: { ...headers },
      delayMs,
    };
  }
  const hosted = answer.hostedToolCalls;
  if (hosted !== undefined && request.endpoint !== 'responses') return hostedOnChat(label);
  const content = contentOf(answer, request, label);
  if ('kind' in content) return content;
  const { text, toolCalls, fault } = content;
  const finishReason = answer.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
  const usage = usageWith(countPromptTokens(request.messages), countCompletionTokens(text, toolCalls), answer.usage);
  return {
    kind: 'completion', text, toolCalls, finishReason, usage, delayMs, ...(fault ? { fault } : {}),
    ...(hosted !== undefined ? { hostedToolCalls: hostedItems(hosted) } : {}),
  };
}
