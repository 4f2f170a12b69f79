import type { Snippet } from './snippet.js';

/**
 * The message transforms of Agent Spec 26.1.2 in an emitted module: the rules
 * of `summarizeMessages` and `summarizeConversation` of @agentspec/runtime
 * (transforms/summarization.ts), with the cache of transforms/summary-cache.ts
 * over an InMemoryCollectionDatastore (one per module build, shared by its
 * conversations, as the runtimes share a loaded app's). The LLM call that
 * summarizes is the emitter's (`summarize`: the instructions as the system
 * message, the text as the one user message).
 */
export const summarization: Snippet<'renderTemplate'> = {
  declares: [
    'SummaryMessage', 'Summarize', 'MessageSummarization', 'ConversationSummarization', 'SummaryEntry', 'SummaryCache',
    'summarizeMessages', 'summarizeConversation', 'summaryOver', 'summaryKeptFrom', 'summaryTranscript',
  ],
  needs: ['renderTemplate'],
  code: `/** A message of the conversation an LLM is to see (the shape the transforms read and write). */
interface SummaryMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly toolCalls?: readonly { readonly id: string; readonly name: string; readonly arguments: string }[];
  readonly toolCallId?: string;
}

/** One LLM generation of the transform's llm on \`messages\` (the instructions, then the text): its text. */
type Summarize = (messages: readonly SummaryMessage[]) => Promise<string>;

/** A MessageSummarizationTransform, its defaults filled in. */
interface MessageSummarization {
  readonly maxMessageSize: number;
  readonly instructions: string;
  readonly template: string;
  readonly cache?: SummaryCache | undefined;
}

/** A ConversationSummarizationTransform, its defaults filled in (\`maxNumCharacters\` null: the threshold is \`maxNumMessages\`). */
interface ConversationSummarization {
  readonly maxNumMessages: number;
  readonly maxNumCharacters: number | null;
  readonly minNumMessages: number;
  readonly instructions: string;
  readonly template: string;
  readonly cache?: SummaryCache | undefined;
}

/** A cached summary: its text, and for a conversation how many messages it stands for. */
interface SummaryEntry {
  readonly content: string;
  readonly prefixSize?: number;
  readonly createdAt: number;
  readonly lastUsedAt: number;
}

/**
 * The cache of a summarization transform in memory: reading drops the entries older than \`maxLifetime\` seconds and
 * marks the one read as used; writing replaces the entry of its key and, when \`maxSize\` entries are there, drops the
 * least recently used first (null: no limit).
 */
interface SummaryCache {
  get(key: string): SummaryEntry | undefined;
  put(key: string, content: string, prefixSize?: number): void;
}

/**
 * MessageSummarizationTransform: every message longer than \`maxMessageSize\` characters has its content replaced by
 * its summary, presented with the template (\`{{summary}}\`); cached per conversation and message position.
 */
async function summarizeMessages(t: MessageSummarization, messages: readonly SummaryMessage[], conversationId: string, summarize: Summarize): Promise<SummaryMessage[]> {
  const out: SummaryMessage[] = [];
  for (const [i, m] of messages.entries()) {
    if (m.content.length <= t.maxMessageSize) {
      out.push(m);
      continue;
    }
    const key = \`\${conversationId}_\${i}_content\`;
    let summary = t.cache?.get(key)?.content;
    if (summary === undefined) {
      const text = await summarize([{ role: 'system', content: t.instructions }, { role: 'user', content: m.content }]);
      summary = renderTemplate(t.template, { summary: text });
      t.cache?.put(key, summary);
    }
    out.push({ ...m, content: summary });
  }
  return out;
}

/** Whether the conversation is over the threshold: \`maxNumCharacters\` of content when set, else \`maxNumMessages\`. */
function summaryOver(t: ConversationSummarization, messages: readonly SummaryMessage[]): boolean {
  if (t.maxNumCharacters !== null) return messages.reduce((n, m) => n + m.content.length, 0) > t.maxNumCharacters;
  return messages.length > t.maxNumMessages;
}

/** Where the kept part starts: the last \`keep\` messages, moved back so no kept tool result loses the message that called it. */
function summaryKeptFrom(messages: readonly SummaryMessage[], keep: number): number {
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

/** The messages as a transcript for the summarizer: \`role: content\`, tool calls named; a previous summary as it is. */
function summaryTranscript(messages: readonly SummaryMessage[], summary: SummaryMessage | undefined): string {
  return messages.map((m) => {
    if (m === summary) return m.content;
    const calls = m.toolCalls?.length ? \` [tool calls: \${m.toolCalls.map((c) => \`\${c.name}(\${c.arguments})\`).join(', ')}]\` : '';
    return \`\${m.role}: \${m.content}\${calls}\`;
  }).join('\\n\\n');
}

/**
 * ConversationSummarizationTransform: a conversation over the threshold has all but its last \`minNumMessages\`
 * messages replaced by one user message, their summary presented with the template. The cache keeps, per
 * conversation, the summary and how many messages it stands for: the next call starts from it, and summarizes again
 * (the previous summary with the messages since) only when that is over the threshold too.
 */
async function summarizeConversation(t: ConversationSummarization, messages: readonly SummaryMessage[], conversationId: string, summarize: Summarize): Promise<SummaryMessage[]> {
  if (!summaryOver(t, messages)) return [...messages];
  const cached = t.cache?.get(conversationId);
  const prefix = cached?.prefixSize ?? 0;
  let previous: SummaryMessage | undefined;
  let current = [...messages];
  if (cached && prefix <= messages.length) {
    previous = { role: 'user', content: cached.content };
    current = [previous, ...messages.slice(prefix)];
  }
  if (!summaryOver(t, current)) return current;
  const start = summaryKeptFrom(current, t.minNumMessages);
  if (start === 0) return current;
  const text = await summarize([{ role: 'system', content: t.instructions }, { role: 'user', content: summaryTranscript(current.slice(0, start), previous) }]);
  const summary = renderTemplate(t.template, { summary: text });
  const kept = current.slice(start);
  t.cache?.put(conversationId, summary, messages.length - kept.length);
  return [{ role: 'user', content: summary }, ...kept];
}`,
};

/** The in-memory cache of a transform with a datastore (apart: a module whose transforms cache nothing has no use for it). */
export const summaryCache: Snippet<'summarization'> = {
  declares: ['summaryCache'],
  needs: ['summarization'],
  code: `/** A new, empty {@link SummaryCache} (a function, not a class: a module may make its caches before this declaration runs). */
function summaryCache(maxSize: number | null, maxLifetime: number | null, now: () => number = () => Date.now() / 1000): SummaryCache {
  const entries = new Map<string, SummaryEntry>();
  const dropExpired = (): void => {
    if (maxLifetime === null) return;
    const t = now();
    for (const [key, entry] of entries) if (t - entry.createdAt > maxLifetime) entries.delete(key);
  };
  return {
    get(key) {
      dropExpired();
      const entry = entries.get(key);
      if (entry) entries.set(key, { ...entry, lastUsedAt: now() });
      return entry;
    },
    put(key, content, prefixSize) {
      dropExpired();
      entries.delete(key);
      if (maxSize !== null) {
        const byUse = [...entries].sort(([, a], [, b]) => a.lastUsedAt - b.lastUsedAt);
        for (const [old] of byUse.slice(0, Math.max(0, byUse.length - maxSize + 1))) entries.delete(old);
      }
      const t = now();
      entries.set(key, { content, ...(prefixSize !== undefined ? { prefixSize } : {}), createdAt: t, lastUsedAt: t });
    },
  };
}`,
};
