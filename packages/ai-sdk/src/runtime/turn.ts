import type { ToolCall } from '@agentspec/runtime';
import type { AssistantModelMessage, ModelMessage, ToolApprovalResponse, ToolCallPart, ToolResultPart } from 'ai';

/** The calls of one assistant message and what became of each: results, approval requests and responses, in history order. */
export interface Turn {
  /** Index of the assistant message in the history. */
  readonly index: number;
  readonly text: string;
  readonly calls: readonly ToolCallPart[];
  /** Tool call id → its result (the first one). */
  readonly results: ReadonlyMap<string, ToolResultPart>;
  /** Tool call id → approval id, for calls that asked for approval. */
  readonly approvals: ReadonlyMap<string, string>;
  /** Approval id → the caller's response. */
  readonly responses: ReadonlyMap<string, ToolApprovalResponse>;
}

type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];

export function assistantParts(m: AssistantModelMessage): readonly AssistantPart[] {
  return typeof m.content === 'string' ? (m.content === '' ? [] : [{ type: 'text', text: m.content }]) : m.content;
}

export function textOf(parts: readonly { type: string; text?: string }[]): string {
  return parts.flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('');
}

/** The turn of the assistant message at `index`: its calls, and the tool messages after it (up to the next assistant message). */
export function turnAt(history: readonly ModelMessage[], index: number): Turn {
  const m = history[index] as AssistantModelMessage;
  const parts = assistantParts(m);
  // a provider-executed call (a BuiltinTool: a hosted tool of the Responses API) ran within the answer: not a call of the turn
  const calls = parts.filter((p): p is ToolCallPart => p.type === 'tool-call' && p.providerExecuted !== true);
  const approvals = new Map<string, string>();
  for (const p of parts) if (p.type === 'tool-approval-request') approvals.set(p.toolCallId, p.approvalId);
  const results = new Map<string, ToolResultPart>();
  const responses = new Map<string, ToolApprovalResponse>();
  for (let i = index + 1; i < history.length; i++) {
    const next = history[i] as ModelMessage;
    if (next.role === 'assistant') break;
    if (next.role !== 'tool') continue;
    for (const p of next.content) {
      if (p.type === 'tool-result' && !results.has(p.toolCallId)) results.set(p.toolCallId, p);
      if (p.type === 'tool-approval-response') responses.set(p.approvalId, p);
    }
  }
  return { index, text: textOf(parts), calls, results, approvals, responses };
}

/** The last assistant turn, if the agent has spoken. */
export function lastTurn(history: readonly ModelMessage[]): Turn | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]?.role === 'assistant') return turnAt(history, i);
  return undefined;
}

export function asToolCall(c: ToolCallPart): ToolCall {
  const args = typeof c.input === 'object' && c.input !== null && !Array.isArray(c.input) ? (c.input as Record<string, unknown>) : {};
  return { id: c.toolCallId, name: c.toolName, args: { ...args } };
}

/** Whether a call is settled for now: it has a result, or the caller denied it (the AI SDK then answers it), or it will run when the loop goes on. */
export function isAnswered(turn: Turn, call: ToolCallPart): boolean {
  if (turn.results.has(call.toolCallId)) return true;
  const approval = turn.approvals.get(call.toolCallId);
  return approval !== undefined && turn.responses.get(approval)?.approved === false;
}
