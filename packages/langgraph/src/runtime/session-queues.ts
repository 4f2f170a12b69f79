import { RuntimeError, type Decision, type RunStatus, type ToolCall, type ToolResult } from '@agentspec/runtime';
import type { PendingInterrupt } from './status.js';

export interface SavedQueues {
  readonly user: readonly string[];
  readonly toolResults: readonly [string, unknown][];
  readonly decisions: readonly [string, { decision: Decision; reason?: string }][];
}

/** What the caller has given a session and no run has consumed yet. */
export class SessionQueues {
  readonly user: string[] = [];
  readonly toolResults = new Map<string, unknown>();
  readonly decisions = new Map<string, { decision: Decision; reason?: string }>();

  constructor(saved?: SavedQueues) {
    if (!saved) return;
    this.user.push(...saved.user);
    for (const [k, v] of saved.toolResults) this.toolResults.set(k, v);
    for (const [k, v] of saved.decisions) this.decisions.set(k, v);
  }

  addUser(text: string): void {
    if (typeof text !== 'string') throw new RuntimeError('AS_INVALID_STATE', 'a user message must be a string');
    this.user.push(text);
  }

  addToolResults(last: RunStatus | undefined, results: readonly ToolResult[]): void {
    const pending = waiting(last, 'tool_request');
    for (const r of results) {
      if (!pending.some((p) => p.id === r.id)) throw new RuntimeError('AS_INVALID_STATE', `no tool request with id '${r.id}' is waiting (waiting: ${pending.map((p) => p.id).join(', ')})`);
      this.toolResults.set(r.id, r.content);
    }
  }

  addDecision(last: RunStatus | undefined, id: string, decision: Decision, reason?: string): void {
    const pending = waiting(last, 'tool_confirmation');
    if (!pending.some((p) => p.id === id)) throw new RuntimeError('AS_INVALID_STATE', `no tool call with id '${id}' waits for a decision`);
    if (decision !== 'approve' && decision !== 'reject') throw new RuntimeError('AS_INVALID_STATE', `a decision is 'approve' or 'reject', not '${String(decision)}'`);
    this.decisions.set(id, reason === undefined ? { decision } : { decision, reason });
  }

  /** The resume value for the pending interrupt, consumed; undefined while the caller has not answered all of it. */
  take(pending: PendingInterrupt, last: RunStatus | undefined): unknown {
    if (pending.type === 'user_input') return this.user.length > 0 ? this.user.splice(0, this.user.length) : undefined;
    const requests: readonly ToolCall[] = last && 'requests' in last ? last.requests : [];
    const queue: Map<string, unknown> = pending.type === 'tool_request' ? this.toolResults : this.decisions;
    if (!requests.every((r) => queue.has(r.id))) return undefined;
    const value: Record<string, unknown> = {};
    for (const r of requests) {
      value[r.id] = queue.get(r.id);
      queue.delete(r.id);
    }
    return value;
  }

  save(): SavedQueues {
    return { user: [...this.user], toolResults: [...this.toolResults.entries()], decisions: [...this.decisions.entries()] };
  }
}

function waiting(last: RunStatus | undefined, type: 'tool_request' | 'tool_confirmation'): readonly ToolCall[] {
  if (last?.type !== type) throw new RuntimeError('AS_INVALID_STATE', `the session is not waiting for ${type === 'tool_request' ? 'tool results' : 'decisions'} (status: ${last?.type ?? 'not started'})`);
  return last.requests;
}
