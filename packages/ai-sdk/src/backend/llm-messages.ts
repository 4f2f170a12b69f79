import type { LlmMessage } from '@agentspec/runtime';
import type { ModelMessage } from 'ai';

function parseArguments(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

/** The interpreter's messages as AI SDK model messages (system messages kept in place: the call allows them). */
export function toModelMessages(messages: readonly LlmMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  return messages.map((m): ModelMessage => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return { role: 'user', content: m.content };
      case 'assistant': {
        const calls = m.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: m.content };
        for (const c of calls) toolNames.set(c.id, c.name);
        return {
          role: 'assistant',
          content: [
            ...(m.content === '' ? [] : [{ type: 'text' as const, text: m.content }]),
            ...calls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: parseArguments(c.arguments) })),
          ],
        };
      }
      case 'tool': {
        const id = m.toolCallId ?? '';
        return { role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: toolNames.get(id) ?? '', output: { type: 'text', value: m.content } }] };
      }
    }
  });
}
