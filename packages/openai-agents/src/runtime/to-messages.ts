import type { Message, ToolCall } from '@agentspec/runtime';

type Item = { readonly type?: string; readonly role?: string; readonly [key: string]: unknown };

/** The text of a message content: a string, or its text parts (input_text, output_text, refusal) joined. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p: { text?: unknown; refusal?: unknown }) => (typeof p?.text === 'string' ? p.text : typeof p?.refusal === 'string' ? p.refusal : '')).join('');
}

function argsOf(text: unknown): Record<string, unknown> {
  try {
    const v: unknown = typeof text === 'string' && text.trim() !== '' ? JSON.parse(text) : {};
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * SDK conversation items as the conversation of the Runnable contract, in the
 * reference runtime's shapes: `{ role: 'user', content }`; `{ role:
 * 'assistant', content, sender, toolCalls? }` (the function calls of one model
 * answer join its text, `content: ''` when it has none); `{ role: 'tool',
 * content, toolCallId, sender: tool name }`, in the order of the calls. Other
 * items (reasoning, …) are left out.
 */
export function toMessages(items: readonly unknown[], sender: string): Message[] {
  const out: Message[] = [];
  for (const raw of items) {
    const item = raw as Item;
    if (item.type === 'function_call') {
      const call: ToolCall = { id: String(item.callId ?? item.id ?? ''), name: String(item.name), args: argsOf(item.arguments) };
      const last = out.at(-1);
      if (last?.role === 'assistant') out[out.length - 1] = { ...last, toolCalls: [...(last.toolCalls ?? []), call] };
      else out.push({ role: 'assistant', content: '', sender, toolCalls: [call] });
    } else if (item.type === 'function_call_result') {
      const output = item.output as unknown;
      const content = typeof output === 'string' ? output : textOf(Array.isArray(output) ? output : [output]);
      out.push({ role: 'tool', content, toolCallId: String(item.callId), sender: String(item.name) });
    } else if (item.role === 'user' || item.role === 'system') {
      out.push({ role: item.role, content: textOf(item.content) });
    } else if (item.role === 'assistant') {
      out.push({ role: 'assistant', content: textOf(item.content), sender });
    }
  }
  return inCallOrder(out);
}

/**
 * The tool messages answering one assistant message in the order of its
 * calls, as the reference runtime adds them: the SDK runs the calls that need
 * nothing at once and adds the results of interrupted ones when it resumes.
 */
function inCallOrder(messages: Message[]): Message[] {
  for (let i = 0; i < messages.length; i++) {
    const calls = messages[i]?.toolCalls;
    if (!calls) continue;
    let end = i + 1;
    while (messages[end]?.role === 'tool') end++;
    const position = (m: Message) => {
      const k = calls.findIndex((c) => c.id === m.toolCallId);
      return k < 0 ? calls.length : k;
    };
    const answers = messages.slice(i + 1, end).sort((a, b) => position(a) - position(b));
    messages.splice(i + 1, answers.length, ...answers);
  }
  return messages;
}
