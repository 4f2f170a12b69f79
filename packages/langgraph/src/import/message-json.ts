/**
 * LangChain messages in a spec's variables: plain JSON that LangChain reads
 * back as the same message (`coerceMessageLikeToMessage`):
 * `{ type: 'human' | 'ai' | 'system' | 'tool', content, id?, name?,
 * tool_calls?, tool_call_id?, additional_kwargs? }`. Token usage and response
 * metadata are left out. Input may be any message-like LangChain takes
 * (`{ role: 'user', content }`, a string).
 */
import { coerceMessageLikeToMessage, isBaseMessage, type BaseMessage } from '@langchain/core/messages';

type Json = Record<string, unknown>;

/** A value with every LangChain message in it as plain JSON (arrays and plain objects walked). */
export function toPlain(value: unknown): unknown {
  if (isBaseMessage(value)) return messageJson(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  }
  return value;
}

const TYPES = new Set(['human', 'ai', 'system', 'tool', 'developer', 'user', 'assistant']);

/** Whether a list holds messages (LangChain's or as JSON: each with a message `type` or `role`, and `content`). */
export function looksLikeMessages(list: readonly unknown[]): boolean {
  return list.length > 0 && list.every((m) => isBaseMessage(m) || (typeof m === 'object' && m !== null && 'content' in m && TYPES.has(String((m as { type?: unknown; role?: unknown }).type ?? (m as { role?: unknown }).role))));
}

/** Messages from plain JSON (or any message-like). */
export function fromPlainMessages(list: readonly unknown[]): BaseMessage[] {
  return list.map((m) => coerceMessageLikeToMessage(m as never));
}

function messageJson(m: BaseMessage): Json {
  const out: Json = { type: m.getType(), content: m.content };
  if (m.id) out.id = m.id;
  if (m.name) out.name = m.name;
  const calls = (m as { tool_calls?: { id?: string; name: string; args: unknown }[] }).tool_calls;
  if (Array.isArray(calls) && calls.length > 0) out.tool_calls = calls.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, args: c.args }));
  const callId = (m as { tool_call_id?: unknown }).tool_call_id;
  if (typeof callId === 'string') out.tool_call_id = callId;
  const status = (m as { status?: unknown }).status;
  if (status === 'error') out.status = status;
  const { tool_calls: _calls, ...kwargs } = m.additional_kwargs ?? {};
  const extra = JSON.parse(JSON.stringify(kwargs)) as Json;
  if (Object.keys(extra).length > 0) out.additional_kwargs = extra;
  return out;
}
