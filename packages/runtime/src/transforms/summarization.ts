import type { ConversationSummarizationTransform, LlmConfig, MessageSummarizationTransform } from '@agentspec/core';
import type { LlmMessage } from '../llm/backend.js';
import { renderTemplate } from '../semantics/templates.js';
import type { SummaryCache } from './summary-cache.js';

/** What applying a transform needs from the runtime that runs the agent. */
export interface TransformCall {
  /** The conversation (session) the messages belong to: the key of its cache entries. */
  readonly conversationId: string;
  /** One LLM generation of `llm` on `messages`, its text (the runtime traces it as an LLM call of the agent). */
  summarize(llm: LlmConfig, messages: readonly LlmMessage[]): Promise<string>;
}

/** The spec's defaults (pyagentspec 26.1.2). */
export const SUMMARIZATION_DEFAULTS = {
  maxMessageSize: 20_000,
  messageInstructions: 'Please make a summary of this message. Include relevant information and keep it short. Your response will replace the message, so just output the summary directly, no introduction needed.',
  messageTemplate: 'Summarized message: {{summary}}',
  messageCollection: 'summarized_messages_cache',
  maxNumMessages: 50,
  minNumMessages: 10,
  conversationInstructions: 'Please make a summary of this conversation. Include relevant information and keep it short. Your response will replace the messages, so just output the summary directly, no introduction needed.',
  conversationTemplate: 'Summarized conversation: {{summary}}',
  conversationCollection: 'summarized_conversations_cache',
  maxCacheSize: 10_000,
  maxCacheLifetime: 4 * 3600,
} as const;

/** The summarization request: the instructions as the system prompt, the text to summarize as the one user message. */
function summaryRequest(instructions: string, text: string): LlmMessage[] {
  return [{ role: 'system', content: instructions }, { role: 'user', content: text }];
}

/**
 * MessageSummarizationTransform: every message whose content is longer than
 * `max_message_size` characters has it replaced by its summary (one LLM call
 * of the transform's `llm`: the instructions, then the content), presented
 * with `summarized_message_template`. Cached per conversation and message
 * position (`<conversation>_<index>_content`), so a long message is summarized
 * once per conversation.
 */
export async function summarizeMessages(t: MessageSummarizationTransform, cache: SummaryCache | undefined, messages: readonly LlmMessage[], call: TransformCall): Promise<LlmMessage[]> {
  const max = t.max_message_size ?? SUMMARIZATION_DEFAULTS.maxMessageSize;
  const out: LlmMessage[] = [];
  for (const [i, m] of messages.entries()) {
    if (m.content.length <= max) {
      out.push(m);
      continue;
    }
    const key = `${call.conversationId}_${i}_content`;
    let summary = (await cache?.get(key))?.cache_content as string | undefined;
    if (summary === undefined) {
      const text = await call.summarize(t.llm, summaryRequest(t.summarization_instructions ?? SUMMARIZATION_DEFAULTS.messageInstructions, m.content));
      summary = renderTemplate(t.summarized_message_template ?? SUMMARIZATION_DEFAULTS.messageTemplate, { summary: text });
      await cache?.put(key, { cache_content: summary });
    }
    out.push({ ...m, content: summary });
  }
  return out;
}

/** Whether the conversation is over the transform's threshold: `max_num_characters` of content when set, else `max_num_messages`. */
function over(t: ConversationSummarizationTransform, messages: readonly LlmMessage[]): boolean {
  if (typeof t.max_num_characters === 'number') return messages.reduce((n, m) => n + m.content.length, 0) > t.max_num_characters;
  return messages.length > (t.max_num_messages ?? SUMMARIZATION_DEFAULTS.maxNumMessages);
}

/**
 * Where the kept part starts: the last `keep` messages, moved back so that no
 * kept tool result is separated from the assistant message that made its call.
 */
function keptFrom(messages: readonly LlmMessage[], keep: number): number {
  let start = Math.max(0, messages.length - keep);
  for (;;) {
    const called = new Set(messages.slice(start).flatMap((m) => m.toolCalls?.map((c) => c.id) ?? []));
    const orphan = messages.slice(start).find((m) => m.toolCallId !== undefined && !called.has(m.toolCallId));
    if (!orphan) return start;
    let caller = start - 1;
    while (caller >= 0 && !(messages[caller]?.toolCalls?.some((c) => c.id === orphan.toolCallId) ?? false)) caller--;
    if (caller < 0) return start;
    start = caller;
  }
}

/** The messages as a transcript for the summarizer: `role: content`, tool calls named. */
function transcript(messages: readonly LlmMessage[], summary: LlmMessage | undefined): string {
  return messages.map((m) => {
    if (m === summary) return m.content;
    const calls = m.toolCalls?.length ? ` [tool calls: ${m.toolCalls.map((c) => `${c.name}(${c.arguments})`).join(', ')}]` : '';
    return `${m.role}: ${m.content}${calls}`;
  }).join('\n\n');
}

/**
 * ConversationSummarizationTransform: a conversation over the threshold
 * (more than `max_num_messages` messages — default 50 —, or more than
 * `max_num_characters` characters of content when that is set) has all but
 * its last `min_num_messages` messages (default 10; a kept tool result keeps
 * the message that called it) replaced by one user message: their summary
 * (one LLM call: the instructions, then the transcript), presented with
 * `summarized_conversation_template`. The cache keeps, per conversation, the
 * summary and how many messages it stands for: the next call starts from it,
 * and summarizes again (the previous summary with the messages since) only
 * when that is over the threshold too.
 */
export async function summarizeConversation(t: ConversationSummarizationTransform, cache: SummaryCache | undefined, messages: readonly LlmMessage[], call: TransformCall): Promise<LlmMessage[]> {
  if (!over(t, messages)) return [...messages];
  const cached = await cache?.get(call.conversationId);
  const prefix = Number(cached?.prefix_size ?? 0);
  let previous: LlmMessage | undefined;
  let current = [...messages];
  if (cached && prefix <= messages.length) {
    previous = { role: 'user', content: String(cached.cache_content) };
    current = [previous, ...messages.slice(prefix)];
  }
  if (!over(t, current)) return current;
  const start = keptFrom(current, t.min_num_messages ?? SUMMARIZATION_DEFAULTS.minNumMessages);
  if (start === 0) return current;
  const text = await call.summarize(t.llm, summaryRequest(t.summarization_instructions ?? SUMMARIZATION_DEFAULTS.conversationInstructions, transcript(current.slice(0, start), previous)));
  const summary = renderTemplate(t.summarized_conversation_template ?? SUMMARIZATION_DEFAULTS.conversationTemplate, { summary: text });
  const kept = current.slice(start);
  await cache?.put(call.conversationId, { cache_content: summary, prefix_size: messages.length - kept.length });
  return [{ role: 'user', content: summary }, ...kept];
}
