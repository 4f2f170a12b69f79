import type { Decision, ToolCall } from '@agentspec/runtime';

/**
 * A Mastra agent run stopped in the middle of a turn (DESIGN §4.4: client
 * tools suspend, confirmations are `requireApproval`): which run and tool call
 * Mastra waits on, and the turn it stopped in. Plain JSON: it goes into saved
 * sessions and workflow suspend payloads.
 */
export interface AgentPending {
  readonly runId: string;
  readonly toolCallId: string;
  readonly kind: 'approval' | 'client';
  /** The stopped turn: its text and every tool call the LLM made in it. */
  readonly text: string;
  readonly calls: readonly ToolCall[];
  /** Calls of that turn answered already (decided, or given a result). */
  readonly answered: readonly string[];
  /** Calls the user rejected, with the text the LLM receives instead of a result. */
  readonly rejected: Readonly<Record<string, string>>;
}

/** What the caller has answered and no run has used yet. */
export interface AgentAnswers {
  readonly decisions: ReadonlyMap<string, { readonly decision: Decision; readonly reason?: string }>;
  readonly toolResults: ReadonlyMap<string, unknown>;
}
