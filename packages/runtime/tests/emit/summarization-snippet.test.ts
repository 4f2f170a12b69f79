// The summarization snippet of emitted modules against the rules of @agentspec/runtime: the same conversations, the
// same summarizer, the same clock — the same messages out, the same LLM requests, the same cache hits and evictions.
import { describe, expect, it } from 'vitest';
import type { ConversationSummarizationTransform, MessageSummarizationTransform } from '@agentspec/core';
import { inMemoryDatastore, SummaryCache, summarizeConversation, summarizeMessages, type LlmMessage } from '../../src/index.js';
import { load } from './load-snippets.js';

type Messages = readonly LlmMessage[];
type Summarize = (messages: Messages) => Promise<string>;
interface EmittedCache { get(key: string): unknown; put(key: string, content: string, prefixSize?: number): void }
const emitted = load(['summarization', 'summaryCache']) as unknown as {
  summaryCache(maxSize: number | null, maxLifetime: number | null, now: () => number): EmittedCache;
  summarizeMessages(t: object, messages: Messages, conversationId: string, summarize: Summarize): Promise<LlmMessage[]>;
  summarizeConversation(t: object, messages: Messages, conversationId: string, summarize: Summarize): Promise<LlmMessage[]>;
};

/** A summarizer that says what it was given, and the requests it got. */
function summarizer(): { summarize: Summarize; requests: Messages[] } {
  const requests: Messages[] = [];
  return { requests, summarize: async (messages) => (requests.push(messages), `summary #${requests.length} of ${messages.at(-1)?.content.length} chars`) };
}

/** The runtime's cache (over an InMemoryCollectionDatastore) and the snippet's, on one clock. */
function caches(kind: 'message' | 'conversation', maxSize: number | null, maxLifetime: number | null) {
  const clock = { t: 1000 };
  const now = () => clock.t;
  const collection = kind === 'message' ? 'summarized_messages_cache' : 'summarized_conversations_cache';
  const props = { cache_key: { type: 'string' }, cache_content: { type: 'string' }, created_at: { type: 'number' }, last_used_at: { type: 'number' }, ...(kind === 'conversation' ? { prefix_size: { type: 'integer' } } : {}) };
  const store = inMemoryDatastore('store', { [collection]: props });
  return { clock, runtime: new SummaryCache(store, { collection, maxSize, maxLifetime, now }), snippet: emitted.summaryCache(maxSize, maxLifetime, now) };
}

const text = (n: number, c = 'x') => c.repeat(n);
const llm = { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:9' } as never;

describe('the summarization snippet', () => {
  it('summarizes long messages like summarizeMessages, once per conversation and position while the cache keeps them', async () => {
    const spec = { component_type: 'MessageSummarizationTransform', id: 't', name: 't', llm, max_message_size: 10, summarization_instructions: 'Shorten.', summarized_message_template: 'Short: {{summary}}' } as unknown as MessageSummarizationTransform;
    const { clock, runtime, snippet } = caches('message', 2, 60);
    const t = { maxMessageSize: 10, instructions: 'Shorten.', template: 'Short: {{summary}}', cache: snippet };
    const a = summarizer();
    const b = summarizer();
    const turns: Messages[] = [
      [{ role: 'user', content: 'short' }, { role: 'assistant', content: text(11) }],
      [{ role: 'user', content: 'short' }, { role: 'assistant', content: text(11) }, { role: 'user', content: text(30, 'y') }],
      [{ role: 'user', content: text(12, 'z') }, { role: 'assistant', content: text(11) }, { role: 'user', content: text(30, 'y') }, { role: 'tool', content: text(40), toolCallId: 'c1' }],
    ];
    for (const [i, messages] of turns.entries()) {
      for (const conversation of ['one', 'two']) {
        clock.t += i * 25; // the entries of the first turn expire (60 s) by the last
        const expected = await summarizeMessages(spec, runtime, messages, { conversationId: conversation, summarize: (_llm, m) => a.summarize(m) });
        expect(await emitted.summarizeMessages(t, messages, conversation, b.summarize)).toEqual(expected);
      }
    }
    expect(b.requests).toEqual(a.requests);
    expect(a.requests.length).toBeGreaterThan(4);
    // without a cache: every long message every time
    const c = summarizer();
    const d = summarizer();
    for (const messages of turns) {
      expect(await emitted.summarizeMessages({ ...t, cache: undefined }, messages, 'one', d.summarize)).toEqual(await summarizeMessages(spec, undefined, messages, { conversationId: 'one', summarize: (_l, m) => c.summarize(m) }));
    }
    expect(d.requests).toEqual(c.requests);
  });

  it.each([
    ['messages', { max_num_messages: 4, min_num_messages: 2 }, { maxNumMessages: 4, maxNumCharacters: null, minNumMessages: 2 }],
    ['characters', { max_num_characters: 30, min_num_messages: 1 }, { maxNumMessages: 50, maxNumCharacters: 30, minNumMessages: 1 }],
  ])('summarizes a conversation over its threshold (%s) like summarizeConversation, from the cached summary on', async (_what, fields, snippetFields) => {
    const spec = { component_type: 'ConversationSummarizationTransform', id: 't', name: 't', llm, summarization_instructions: 'Sum up.', summarized_conversation_template: 'Before: {{summary}}', ...fields } as unknown as ConversationSummarizationTransform;
    const { runtime, snippet } = caches('conversation', 10, null);
    const t = { ...snippetFields, instructions: 'Sum up.', template: 'Before: {{summary}}', cache: snippet };
    const a = summarizer();
    const b = summarizer();
    const conversation: LlmMessage[] = [];
    const add = (...m: LlmMessage[]) => conversation.push(...m);
    add({ role: 'user', content: 'Hello there' });
    for (let turn = 0; turn < 6; turn++) {
      add({ role: 'assistant', content: '', toolCalls: [{ id: `c${turn}`, name: 'lookup', arguments: `{"n":${turn}}` }] });
      add({ role: 'tool', content: `found ${turn}`, toolCallId: `c${turn}` });
      add({ role: 'assistant', content: `answer ${turn}` }, { role: 'user', content: `next question ${turn}` });
      const expected = await summarizeConversation(spec, runtime, conversation, { conversationId: 'conv', summarize: (_l, m) => a.summarize(m) });
      expect(await emitted.summarizeConversation(t, conversation, 'conv', b.summarize), `turn ${turn}`).toEqual(expected);
    }
    expect(b.requests).toEqual(a.requests);
    expect(a.requests.length).toBeGreaterThan(1);
  });

  it('evicts the least recently used entry and drops expired ones like SummaryCache over an in-memory datastore', async () => {
    const { clock, runtime, snippet } = caches('message', 2, 100);
    const steps: [string, string][] = [['put', 'a'], ['put', 'b'], ['get', 'a'], ['put', 'c'], ['get', 'b'], ['get', 'a'], ['tick', ''], ['put', 'd'], ['get', 'c'], ['tick', ''], ['get', 'd']];
    for (const [op, key] of steps) {
      clock.t += 10;
      if (op === 'tick') clock.t += 60;
      else if (op === 'put') {
        await runtime.put(key, { cache_content: `v-${key}` });
        snippet.put(key, `v-${key}`);
      } else {
        const r = await runtime.get(key);
        expect((snippet.get(key) as { content?: string } | undefined)?.content, `${op} ${key}`).toBe(r?.cache_content);
      }
    }
  });
});
