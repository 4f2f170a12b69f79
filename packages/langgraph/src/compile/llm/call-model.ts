import { AIMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { LlmConfig } from '@agentspec/core';
import type { ErrorSite } from '@agentspec/runtime';
import { emit, eventsOn, span } from '../events.js';
import { textOf, toContractMessages } from '../messages.js';
import { toLlmError } from './llm-error.js';

export type ChatRunnable = Runnable<BaseMessage[], AIMessage>;

export interface ModelCall {
  readonly config: LangGraphRunnableConfig;
  readonly llmConfig: LlmConfig;
  readonly site: ErrorSite;
  /** The span of the node or agent making the call. */
  readonly parent?: string | undefined;
  /** Extra call options (e.g. `response_format`). */
  readonly options?: Record<string, unknown>;
  readonly tools?: readonly string[];
  /** Stream the reply (`.stream()`) and emit its text deltas as LlmGenerationStreamingChunkReceived events, when events are on. */
  readonly stream?: boolean;
}

/** One LLM generation: an LlmGeneration span around the model call, errors coded (without events, no span is built). */
export function callModel(model: ChatRunnable, messages: BaseMessage[], call: ModelCall): Promise<AIMessage> {
  if (!eventsOn(call.config)) return generate(model, messages, call, undefined);
  const attributes = () => ({
    llm_config: call.llmConfig.id,
    llm_generation_config: call.llmConfig.default_generation_parameters ?? null,
    prompt: toContractMessages(messages),
    tools: call.tools ?? null,
  });
  return span(call.config, ['LlmGenerationRequest', 'LlmGenerationResponse'], call.llmConfig.name, attributes, call.parent,
    (spanId) => generate(model, messages, call, spanId),
    (r) => ({ content: textOf(r.content), tool_calls: r.tool_calls ?? [], ...usageOf(r) }));
}

/** The model's reply, in the LlmGeneration span `spanId` when there is one: streamed when asked and events are on, else invoked; errors coded. */
async function generate(model: ChatRunnable, messages: BaseMessage[], call: ModelCall, spanId: string | undefined): Promise<AIMessage> {
  const options = call.options ? ({ ...call.config, ...call.options } as LangGraphRunnableConfig) : call.config;
  try {
    if (call.stream && spanId !== undefined && eventsOn(call.config)) return await streamModel(model, messages, options, (text) => emit(call.config, 'LlmGenerationStreamingChunkReceived', spanId, call.llmConfig.name, { content: text }));
    return await model.invoke(messages, options);
  } catch (e) {
    throw toLlmError(e, call.site);
  }
}

/**
 * The reply streamed (`.stream()`, never `streaming: true`, DESIGN §12): each
 * text piece to `onText` as it comes, the chunks concatenated into the
 * AIMessage `invoke` would have answered (tool calls parsed from their
 * chunks, unparsable arguments as `invalid_tool_calls`, usage when the server
 * reports it).
 */
async function streamModel(model: ChatRunnable, messages: BaseMessage[], options: LangGraphRunnableConfig, onText: (text: string) => void): Promise<AIMessage> {
  let whole: AIMessageChunk | undefined;
  for await (const piece of await model.stream(messages, options)) {
    const chunk = piece as unknown as AIMessageChunk;
    const text = typeof chunk.content === 'string' ? chunk.content : textOf(chunk.content);
    if (text !== '') onText(text);
    whole = whole === undefined ? chunk : whole.concat(chunk);
  }
  if (whole === undefined) return new AIMessage({ content: '' });
  // the chunks' arguments parsed strictly (LangChain parses them leniently: a malformed text would become partial arguments)
  const tool_calls: NonNullable<AIMessage['tool_calls']> = [];
  const invalid_tool_calls: NonNullable<AIMessage['invalid_tool_calls']> = [];
  for (const c of whole.tool_call_chunks ?? []) {
    const args = strictObject(c.args ?? '');
    if (args !== undefined && c.name) tool_calls.push({ type: 'tool_call', name: c.name, args, ...(c.id ? { id: c.id } : {}) });
    else invalid_tool_calls.push({ type: 'invalid_tool_call', name: c.name, args: c.args, id: c.id, error: 'the arguments are not a JSON object' });
  }
  return new AIMessage({
    content: whole.content, ...(whole.id !== undefined ? { id: whole.id } : {}),
    tool_calls, invalid_tool_calls,
    additional_kwargs: whole.additional_kwargs, response_metadata: whole.response_metadata,
    ...(whole.usage_metadata ? { usage_metadata: whole.usage_metadata } : {}),
  });
}

function strictObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text.trim() === '' ? '{}' : text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

/** The tokens the call used, when the model says (LangChain's \`usage_metadata\`), as the reference writes them. */
function usageOf(r: AIMessage): { usage?: { promptTokens: number; completionTokens: number } } {
  const u = r.usage_metadata;
  return u ? { usage: { promptTokens: u.input_tokens, completionTokens: u.output_tokens } } : {};
}
