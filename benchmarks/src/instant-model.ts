import type { LanguageModel } from 'ai';

/** The messages of a prompt a LanguageModel (v4) is given. */
export type InstantPrompt = readonly { role: string; content: unknown }[];

/** What an instant model answers: text, or one tool call. */
export type InstantAnswer =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool-call'; readonly toolCallId: string; readonly toolName: string; readonly input: string };

const USAGE = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

/**
 * A LanguageModel (v4) that answers at once, without I/O: `answer(prompt)`
 * is its one content part. The AI SDK calls `doGenerate`; Mastra agents may
 * stream, so a text answer streams too (a tool call does not: no benchmark
 * streams one).
 */
export function instantModel(answer: (prompt: InstantPrompt) => InstantAnswer, modelId = 'instant'): LanguageModel {
  return {
    specificationVersion: 'v4',
    provider: 'bench.instant',
    modelId,
    supportedUrls: {},
    async doGenerate({ prompt }: { prompt: InstantPrompt }) {
      const content = answer(prompt);
      const finishReason = content.type === 'tool-call' ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' };
      return { content: [content], finishReason, usage: USAGE, warnings: [] };
    },
    async doStream({ prompt }: { prompt: InstantPrompt }) {
      const content = answer(prompt);
      if (content.type !== 'text') throw new Error('the benchmark streams text answers only');
      const parts = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: content.text },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
      ];
      return { stream: new ReadableStream({ start(c) { for (const p of parts) c.enqueue(p); c.close(); } }) };
    },
  } as unknown as LanguageModel;
}

/** The text of a prompt message's content (a string, or text parts). */
export function contentText(content: unknown): string {
  return Array.isArray(content) ? (content as { type: string; text?: string }[]).map((p) => p.text ?? '').join('') : String(content ?? '');
}
