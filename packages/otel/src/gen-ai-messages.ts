/** One message part in the GenAI conventions' JSON message schema. */
export type GenAiPart =
  | { readonly type: 'text'; readonly content: string }
  | { readonly type: 'tool_call'; readonly id: string | null; readonly name: string; readonly arguments: unknown }
  | { readonly type: 'tool_call_response'; readonly id: string | null; readonly response: unknown };

export interface GenAiMessage {
  readonly role: string;
  readonly parts: readonly GenAiPart[];
  readonly name?: string;
  readonly finish_reason?: string;
}

type Loose = Record<string, unknown>;

const parseArgs = (a: unknown): unknown => {
  if (typeof a !== 'string') return a ?? {};
  try {
    return JSON.parse(a) as unknown;
  } catch {
    return a;
  }
};

/** The tool calls of a message or response, in any of the shapes runtimes give them (`toolCalls`/`tool_calls`, `args` or `arguments` text). */
export function toolCallParts(calls: unknown): GenAiPart[] {
  if (!Array.isArray(calls)) return [];
  return calls.map((c: Loose) => ({
    type: 'tool_call' as const,
    id: typeof (c.id ?? c.call_id) === 'string' ? String(c.id ?? c.call_id) : null,
    name: String(c.name ?? c.tool_name ?? ''),
    arguments: parseArgs(c.args ?? c.arguments),
  }));
}

/** An Agent Spec message (an LLM prompt entry or a conversation message) as a GenAI message. */
export function genAiMessage(m: unknown): GenAiMessage {
  const msg = (typeof m === 'object' && m !== null ? m : { role: 'user', content: String(m) }) as Loose;
  const role = String(msg.role ?? 'user');
  const content = typeof msg.content === 'string' ? msg.content : msg.content === undefined || msg.content === null ? '' : JSON.stringify(msg.content);
  const callId = msg.toolCallId ?? msg.tool_call_id;
  const parts: GenAiPart[] = role === 'tool'
    ? [{ type: 'tool_call_response', id: typeof callId === 'string' ? callId : null, response: content }]
    : [...(content !== '' ? [{ type: 'text' as const, content }] : []), ...toolCallParts(msg.toolCalls ?? msg.tool_calls)];
  return { role, parts, ...(typeof msg.sender === 'string' && role !== 'tool' ? { name: msg.sender } : {}) };
}

/** A prompt split as the conventions want it: system instructions apart from the input messages. */
export function splitPrompt(prompt: unknown): { system: GenAiPart[]; input: GenAiMessage[] } {
  const messages = Array.isArray(prompt) ? prompt : [];
  const system: GenAiPart[] = [];
  const input: GenAiMessage[] = [];
  for (const m of messages) {
    const g = genAiMessage(m);
    if (g.role === 'system') system.push(...g.parts);
    else input.push(g);
  }
  return { system, input };
}

/** An LLM generation's answer (`content`, `tool_calls`) as the conventions' output messages. */
export function outputMessages(end: Readonly<Record<string, unknown>>): GenAiMessage[] {
  const calls = toolCallParts(end.tool_calls ?? end.toolCalls);
  const text = typeof end.content === 'string' ? end.content : '';
  return [{ role: 'assistant', parts: [...(text !== '' ? [{ type: 'text' as const, content: text }] : []), ...calls], finish_reason: calls.length > 0 ? 'tool_call' : 'stop' }];
}
