import type { Message } from '../contract.js';
import type { LlmMessage, LlmResponse } from '../llm/backend.js';
import type { A2aReply } from '../a2a/a2a-client.js';

/**
 * What a session has learned from the outside world, keyed by where in the
 * execution it was asked for (`flow/node#2/llm#0`). A run replays the spec
 * from the start, taking recorded answers from the journal instead of calling
 * the LLM or tools again, and goes live at the first key it lacks. That makes
 * a session resumable anywhere — in another process, from a plain JSON save —
 * and retrying a failed run retries only what failed.
 */
export type JournalEntry =
  /** `refused`: the answer had an invalid tool call; the run failed with that error and the answer is left out of the conversation. */
  | { readonly kind: 'llm'; readonly response: LlmResponse; readonly refused?: { readonly code: string; readonly message: string } }
  | { readonly kind: 'tool'; readonly result?: unknown; readonly error?: string }
  | { readonly kind: 'intake'; readonly messages: readonly string[] }
  | { readonly kind: 'tool_results'; readonly results: Readonly<Record<string, unknown>> }
  | { readonly kind: 'decisions'; readonly decisions: Readonly<Record<string, { readonly decision: 'approve' | 'reject'; readonly reason?: string }>> }
  /** A CatchExceptionNode caught its subflow's failure: replayed as caught (the failure is not retried), with the messages the subflow had added. */
  | { readonly kind: 'caught'; readonly info: string; readonly messages: readonly Message[] }
  /** The conversation an agent's LLM saw after its message transforms (replayed: caches and summarization calls are not asked again). */
  | { readonly kind: 'transformed'; readonly messages: readonly LlmMessage[] }
  /** What a remote A2A agent answered to one message. */
  | { readonly kind: 'a2a'; readonly reply: A2aReply };

export type Journal = Map<string, JournalEntry>;

/** Signals that the run must stop until the caller acts; carries the status to report. */
export class Pause {
  constructor(
    readonly status:
      | { readonly type: 'user_input' }
      | { readonly type: 'tool_request'; readonly requests: readonly { id: string; name: string; args: Record<string, unknown> }[] }
      | { readonly type: 'tool_confirmation'; readonly requests: readonly { id: string; name: string; args: Record<string, unknown> }[] },
  ) {}
}
