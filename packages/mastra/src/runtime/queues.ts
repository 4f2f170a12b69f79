import { RuntimeError, type Decision, type RunStatus, type ToolCall, type ToolResult } from '@agentspec/runtime';
import type { AgentAnswers } from '../agent/agent-pending.js';

/** The JSON form of the queues, in saved sessions. */
export interface SavedQueues {
  readonly user: readonly string[];
  readonly toolResults: readonly [string, unknown][];
  readonly decisions: readonly [string, { decision: Decision; reason?: string }][];
}

/** What the caller has given a session and no run has used yet (DESIGN §4.1), checked against the last status. */
export class Queues implements AgentAnswers {
  readonly user: string[] = [];
  readonly results = new Map<string, unknown>();
  readonly decisions = new Map<string, { decision: Decision; reason?: string }>();

  constructor(saved?: SavedQueues) {
    if (!saved) return;
    this.user.push(...saved.user);
    for (const [k, v] of saved.toolResults) this.results.set(k, v);
    for (const [k, v] of saved.decisions) this.decisions.set(k, v);
  }

  addUser(text: string): void {
    if (typeof text !== 'string') throw new RuntimeError('AS_INVALID_STATE', 'a user message must be a string');
    this.user.push(text);
  }

  addResults(results: readonly ToolResult[], last: RunStatus | undefined): void {
    const pending = waiting('tool_request', last);
    for (const r of results) {
      if (!pending.some((p) => p.id === r.id)) throw new RuntimeError('AS_INVALID_STATE', `no tool request with id '${r.id}' is waiting (waiting: ${pending.map((p) => p.id).join(', ')})`);
      this.results.set(r.id, r.content);
    }
  }

  addDecision(id: string, decision: Decision, reason: string | undefined, last: RunStatus | undefined): void {
    const pending = waiting('tool_confirmation', last);
    if (!pending.some((p) => p.id === id)) throw new RuntimeError('AS_INVALID_STATE', `no tool call with id '${id}' waits for a decision`);
    if (decision !== 'approve' && decision !== 'reject') throw new RuntimeError('AS_INVALID_STATE', `a decision is 'approve' or 'reject', not '${String(decision)}'`);
    this.decisions.set(id, reason === undefined ? { decision } : { decision, reason });
  }

  /** Forget answers a run has used. */
  consume(ids: readonly string[]): void {
    for (const id of ids) {
      this.results.delete(id);
      this.decisions.delete(id);
    }
  }

  takeUser(): string[] {
    return this.user.splice(0, this.user.length);
  }

  save(): SavedQueues {
    return { user: [...this.user], toolResults: [...this.results.entries()], decisions: [...this.decisions.entries()] };
  }
}

function waiting(type: 'tool_request' | 'tool_confirmation', last: RunStatus | undefined): readonly ToolCall[] {
  if (last?.type !== type) {
    throw new RuntimeError('AS_INVALID_STATE', `the session is not waiting for ${type === 'tool_request' ? 'tool results' : 'decisions'} (status: ${last?.type ?? 'not started'})`);
  }
  return last.requests;
}
