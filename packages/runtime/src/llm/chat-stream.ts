import type { LlmResponse } from './backend.js';
import { sseData } from './sse-data.js';

/** Read a streamed chat completion (SSE), calling `onDelta` with each text piece. */
export async function readChatStream(res: Response, onDelta: (text: string) => void): Promise<LlmResponse> {
  if (!res.body) throw new Error('the streamed answer has no body');
  let text = '';
  let usage: LlmResponse['usage'];
  const calls: { id: string; name: string; arguments: string }[] = [];
  let done = false;
  const handle = (data: string) => {
    if (data === '[DONE]') {
      done = true;
      return;
    }
    const chunk = JSON.parse(data) as {
      choices?: { delta?: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] } }[];
      usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
    };
    if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
    const delta = chunk.choices?.[0]?.delta;
    if (!delta) return;
    if (typeof delta.content === 'string' && delta.content !== '') {
      text += delta.content;
      onDelta(delta.content);
    }
    for (const tc of delta.tool_calls ?? []) {
      const call = (calls[tc.index] ??= { id: '', name: '', arguments: '' });
      if (tc.id) call.id = tc.id;
      if (tc.function?.name) call.name += tc.function.name;
      if (tc.function?.arguments) call.arguments += tc.function.arguments;
    }
  };
  for await (const { data, trailing } of sseData(res.body)) {
    // a last line without a newline after [DONE] is not read
    if (!(trailing && done)) handle(data);
  }
  if (!done) throw new Error('the stream ended without [DONE]');
  return { text, toolCalls: calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` })), ...(usage ? { usage } : {}) };
}
