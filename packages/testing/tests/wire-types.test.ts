import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Response, ResponseUsage } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { normalizeChatRequest, planReply, renderChatChunks, renderChatCompletion, renderResponse, renderResponseEvents } from '../src/index.js';
import type { CompletionReply, FunctionCallItem, MessageItem } from '../src/index.js';

// These assignments are checked by `tsc` (the package typecheck covers tests):
// a field renamed or mistyped in a renderer breaks the build against the
// official client's own types.
const request = normalizeChatRequest({ model: 'm', messages: [{ role: 'user', content: 'hi there' }] });
const reply = planReply({ text: 'Hello you', toolCalls: [{ name: 'f', arguments: { a: 1 } }] }, request, 'test') as CompletionReply;

describe('rendered bodies fit the official client types', () => {
  it('chat.completion and chat.completion.chunk', () => {
    const completion: ChatCompletion = renderChatCompletion(reply, 'm');
    const chunks: ChatCompletionChunk[] = renderChatChunks(renderChatCompletion(reply, 'm'), true);
    expect(completion.choices[0]?.message.tool_calls).toHaveLength(1);
    expect(chunks.length).toBeGreaterThan(3);
  });

  it('response output items and usage', () => {
    const response = renderResponse(reply, { model: 'm' });
    // the items this server writes itself (a hosted tool call's item is the one its rule gives)
    const output: Response['output'] = response.output.filter((i): i is MessageItem | FunctionCallItem => i.type === 'message' || i.type === 'function_call');
    const usage: ResponseUsage | null = response.usage;
    const status: Response['status'] = response.status;
    expect([output.length, usage?.total_tokens, status]).toEqual([2, 6, 'completed']);
    const events = renderResponseEvents(response);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  });
});
