import { newId } from './ids.js';
import type { CompletionReply } from './plan-reply.js';
import type { FinishReason } from './rules.js';
import { splitArguments, splitText } from './sse.js';
import type { Usage } from './usage.js';

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A `chat.completion` object, as `POST /v1/chat/completions` returns it. */
export interface ChatCompletionBody {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: [{
    index: 0;
    message: {
      role: 'assistant';
      content: string | null;
      refusal: null;
      annotations: [];
      tool_calls?: ChatToolCall[];
    };
    logprobs: null;
    finish_reason: FinishReason;
  }];
  usage: ChatUsage;
  service_tier: 'default';
  system_fingerprint: string;
}

export interface ChatChunkToolCall {
  index: number;
  id?: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}

export interface ChatChunkDelta {
  role?: 'assistant';
  content?: string | null;
  refusal?: null;
  tool_calls?: ChatChunkToolCall[];
}

/** A `chat.completion.chunk` object, one per SSE event of a streamed completion. */
export interface ChatCompletionChunkBody {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  service_tier: 'default';
  system_fingerprint: string;
  choices: { index: 0; delta: ChatChunkDelta; logprobs: null; finish_reason: FinishReason | null }[];
  usage?: ChatUsage | null;
}

export const SYSTEM_FINGERPRINT = 'fp_scripted';

export function chatUsage(usage: Usage): ChatUsage {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0,
    },
  };
}

/** The non-streamed body for a reply; `model` echoes the request. */
export function renderChatCompletion(reply: CompletionReply, model: string, created = Math.floor(Date.now() / 1000)): ChatCompletionBody {
  const toolCalls = reply.toolCalls.map((call): ChatToolCall => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: newId('chatcmpl-', 29),
    object: 'chat.completion',
    created,
    model,
    choices: [{
      index: 0,
      message: {
        role: 'assistant',
        content: reply.text,
        refusal: null,
        annotations: [],
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
      logprobs: null,
      finish_reason: reply.finishReason,
    }],
    usage: chatUsage(reply.usage),
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
  };
}

/**
 * The chunks that stream the same completion: a role chunk, content deltas,
 * for each tool call a chunk with its index, id and name then argument
 * pieces, a finish chunk, and (with `include_usage`) a usage chunk with no
 * choices. Every chunk carries `usage: null` when usage is included.
 */
export function renderChatChunks(completion: ChatCompletionBody, includeUsage: boolean): ChatCompletionChunkBody[] {
  const { id, created, model, system_fingerprint } = completion;
  const choice = completion.choices[0];
  const { content, tool_calls: toolCalls = [] } = choice.message;
  const chunk = (delta: ChatChunkDelta, finish: FinishReason | null = null): ChatCompletionChunkBody => ({
    id, object: 'chat.completion.chunk', created, model, service_tier: 'default', system_fingerprint,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks = [chunk({ role: 'assistant', content: content === null ? null : '', refusal: null })];
  for (const piece of splitText(content ?? '')) chunks.push(chunk({ content: piece }));
  toolCalls.forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    for (const piece of splitArguments(call.function.arguments)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, choice.finish_reason));
  if (includeUsage) chunks.push({ ...chunk({}), choices: [], usage: completion.usage });
  return chunks;
}
