import type { Message, ToolCall } from '@agentspec/runtime';
import type { ModelMessage, ToolResultPart } from 'ai';
import { asToolCall, textOf, turnAt } from './turn.js';

/** The text of a tool result as a tool message (the reference runtime's content). */
export function resultText(part: ToolResultPart): string {
  const o = part.output;
  switch (o.type) {
    case 'text':
    case 'error-text':
      return o.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(o.value);
    case 'execution-denied':
      return o.reason ?? `The user rejected this call of ${part.toolName}.`;
    case 'content':
      return textOf(o.value as { type: string; text?: string }[]);
  }
}

/**
 * The conversation of the Runnable contract, read from the AI SDK message
 * history: user and assistant messages as they are (the assistant's tool
 * calls as `toolCalls`), then one tool message per call, in call order, once
 * every call of that assistant turn is answered — the shapes and order of the
 * reference runtime, whatever order the AI SDK stored the results in.
 */
export function conversation(history: readonly ModelMessage[], sender: string): Message[] {
  const out: Message[] = [];
  history.forEach((m, i) => {
    if (m.role === 'user') out.push({ role: 'user', content: typeof m.content === 'string' ? m.content : textOf(m.content as { type: string; text?: string }[]) });
    else if (m.role === 'system') out.push({ role: 'system', content: m.content });
    else if (m.role === 'assistant') {
      const turn = turnAt(history, i);
      const toolCalls: ToolCall[] = turn.calls.map(asToolCall);
      out.push({ role: 'assistant', content: turn.text, sender, ...(toolCalls.length > 0 ? { toolCalls } : {}) });
      if (turn.calls.length === 0 || !turn.calls.every((c) => turn.results.has(c.toolCallId))) return;
      for (const c of turn.calls) {
        out.push({ role: 'tool', content: resultText(turn.results.get(c.toolCallId) as ToolResultPart), toolCallId: c.toolCallId, sender: c.toolName });
      }
    }
  });
  return out;
}

