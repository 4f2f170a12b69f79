import type { Message, ToolCall } from '@agentspec/runtime';
import { toolResultText } from '@agentspec/runtime';

/** An AI SDK model message, as Mastra agents take them. */
export type ModelMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | ({ type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown })[] }
  | { role: 'tool'; content: { type: 'tool-result'; toolCallId: string; toolName: string; output: { type: 'text'; value: string } }[] };

/** The shared conversation as model messages (DESIGN §4.2: every message, whoever produced it). */
export function toModelMessages(messages: readonly Message[]): ModelMessage[] {
  return messages.map((m): ModelMessage => {
    if (m.role === 'tool') {
      return { role: 'tool', content: [{ type: 'tool-result', toolCallId: m.toolCallId ?? '', toolName: m.sender ?? '', output: { type: 'text', value: m.content } }] };
    }
    if (m.role === 'assistant' && m.toolCalls && m.toolCalls.length > 0) {
      return {
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
          ...m.toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.args })),
        ],
      };
    }
    return { role: m.role, content: m.content };
  });
}

/** A chunk of Mastra's stream (only the fields read here). */
export interface StreamChunk {
  readonly type: string;
  readonly payload?: {
    readonly toolCallId?: string; readonly toolName?: string; readonly args?: unknown; readonly argsTextDelta?: string; readonly result?: unknown; readonly text?: string; readonly error?: unknown;
    /** A call the provider ran itself (a BuiltinTool: a hosted tool of the Responses API). */
    readonly providerExecuted?: boolean;
  };
}

/** The calls of a step the agent makes: a provider-executed one (a hosted tool) ran within the answer and is not one. */
export function ownCalls(calls: readonly StreamChunk[] | undefined): StreamChunk[] {
  return (calls ?? []).filter((c) => c.payload?.providerExecuted !== true);
}

/** One finished step of Mastra's agent loop (only the fields read here). */
export interface FinishedStep {
  /** `error` for the step of a failed LLM call (Mastra reports it as finished too). */
  readonly finishReason?: string;
  readonly text?: string;
  readonly toolCalls?: readonly StreamChunk[];
  readonly toolResults?: readonly StreamChunk[];
  /** The tokens the step's LLM call used, when the provider says. */
  readonly usage?: { readonly inputTokens?: number | undefined; readonly outputTokens?: number | undefined };
}

export function callOf(chunk: StreamChunk): ToolCall {
  const args = chunk.payload?.args;
  return {
    id: chunk.payload?.toolCallId ?? '',
    name: chunk.payload?.toolName ?? '',
    args: typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {},
  };
}

/**
 * The messages one finished step adds to the conversation, in the reference
 * runtime's shapes: the assistant message (its text, its tool calls), then one
 * tool message per call, in call order. `override` gives the text of results
 * the runtime decided itself (a rejected call).
 */
export function stepMessages(step: FinishedStep, agentName: string, override: ReadonlyMap<string, string>): Message[] {
  const calls = ownCalls(step.toolCalls).map(callOf);
  const out: Message[] = [{ role: 'assistant', content: step.text ?? '', sender: agentName, ...(calls.length > 0 ? { toolCalls: calls } : {}) }];
  const results = new Map((step.toolResults ?? []).map((r) => [r.payload?.toolCallId ?? '', r.payload?.result]));
  for (const c of calls) {
    const content = override.get(c.id) ?? toolResultText(results.has(c.id) ? results.get(c.id) : null);
    out.push({ role: 'tool', content, toolCallId: c.id, sender: c.name });
  }
  return out;
}
