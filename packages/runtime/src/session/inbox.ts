import type { Decision, RunStatus, ToolCall, ToolResult } from '../contract.js';
import { RuntimeError } from '../errors.js';

/** A decision the caller gave on a tool call that needs confirmation. */
export interface GivenDecision {
  readonly decision: Decision;
  readonly reason?: string;
}

/** The JSON form of an {@link Inbox}, in saved sessions. */
export interface SavedInbox {
  readonly user: readonly string[];
  readonly toolResults: readonly (readonly [string, unknown])[];
  readonly decisions: readonly (readonly [string, GivenDecision])[];
}

/**
 * What the caller has given a session and no run has used yet (DESIGN §4.1):
 * user messages, ClientTool results, decisions on confirmations — each checked
 * against the status the session waits in, the same way on every runtime.
 */
export class Inbox {
  readonly user: string[] = [];
  readonly toolResults = new Map<string, unknown>();
  readonly decisions = new Map<string, GivenDecision>();

  constructor(saved?: SavedInbox) {
    if (!saved) return;
    this.user.push(...saved.user);
    for (const [k, v] of saved.toolResults) this.toolResults.set(k, v);
    for (const [k, v] of saved.decisions) this.decisions.set(k, v);
  }

  addUser(text: string): void {
    if (typeof text !== 'string') throw new RuntimeError('AS_INVALID_STATE', 'a user message must be a string');
    this.user.push(text);
  }

  addToolResults(results: readonly ToolResult[], last: RunStatus | undefined): void {
    const waiting = waitingFor('tool_request', last);
    if (!Array.isArray(results)) throw new RuntimeError('AS_INVALID_STATE', 'tool results are an array of { id, content }');
    for (const r of results) {
      if (!waiting.some((c) => c.id === r?.id)) throw new RuntimeError('AS_INVALID_STATE', `no tool request with id '${String(r?.id)}' is waiting (waiting: ${waiting.map((c) => c.id).join(', ')})`);
    }
    for (const r of results) this.toolResults.set(r.id, r.content);
  }

  addDecision(id: string, decision: Decision, reason: string | undefined, last: RunStatus | undefined): void {
    const waiting = waitingFor('tool_confirmation', last);
    if (!waiting.some((c) => c.id === id)) throw new RuntimeError('AS_INVALID_STATE', `no tool call with id '${id}' waits for a decision`);
    if (decision !== 'approve' && decision !== 'reject') throw new RuntimeError('AS_INVALID_STATE', `a decision is 'approve' or 'reject', not '${String(decision)}'`);
    this.decisions.set(id, reason === undefined ? { decision } : { decision, reason });
  }

  /** The user messages given so far, taken out. */
  takeUser(): string[] {
    return this.user.splice(0, this.user.length);
  }

  /** Forget the answers a run has used. */
  consume(ids: readonly string[]): void {
    for (const id of ids) {
      this.toolResults.delete(id);
      this.decisions.delete(id);
    }
  }

  /** The answers to every request of `last` (results or decisions by call id), taken out; undefined until all are given. */
  takeAll(last: RunStatus | undefined): Record<string, unknown> | undefined {
    if (last?.type !== 'tool_request' && last?.type !== 'tool_confirmation') return undefined;
    const queue: Map<string, unknown> = last.type === 'tool_request' ? this.toolResults : this.decisions;
    if (!last.requests.every((r) => queue.has(r.id))) return undefined;
    const value: Record<string, unknown> = {};
    for (const r of last.requests) value[r.id] = queue.get(r.id);
    this.consume(last.requests.map((r) => r.id));
    return value;
  }

  save(): SavedInbox {
    return { user: [...this.user], toolResults: [...this.toolResults.entries()], decisions: [...this.decisions.entries()] };
  }
}

/** The calls a session waits on for `type`; AS_INVALID_STATE when it waits for something else. */
export function waitingFor(type: 'tool_request' | 'tool_confirmation', last: RunStatus | undefined): readonly ToolCall[] {
  if (last?.type !== type) {
    throw new RuntimeError('AS_INVALID_STATE', `the session is not waiting for ${type === 'tool_request' ? 'tool results' : 'decisions'} (status: ${last?.type ?? 'not started'})`);
  }
  return last.requests;
}

/** What the LLM reads when the user rejects a tool call (the same text on every runtime). */
export function rejectionText(tool: string, reason?: string): string {
  return `The user rejected this call of ${tool}${reason ? `: ${reason}` : '.'}`;
}
