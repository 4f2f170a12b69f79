/**
 * Where a compiled graph needs the caller, it calls LangGraph's `interrupt()`
 * with one of these payloads, and is resumed with `new Command({ resume })`:
 *
 * - `user_input` → resume with the user's messages (`string[]`);
 * - `tool_request` (ClientTool calls) → resume with `{ [requestId]: result }`;
 * - `tool_confirmation` → resume with `{ [requestId]: { decision, reason? } }`.
 *
 * The payload carries the conversation as the caller should see it at that
 * point (pending messages included), in the Runnable contract's shape.
 */
import { interrupt } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { Decision, Message, ToolCall } from '@agentspec/runtime';
import { toContractMessages } from './messages.js';

export type PauseRequest =
  | { readonly type: 'user_input'; readonly component: string; readonly messages: readonly Message[] }
  | { readonly type: 'tool_request'; readonly component: string; readonly requests: readonly ToolCall[]; readonly messages: readonly Message[] }
  | { readonly type: 'tool_confirmation'; readonly component: string; readonly requests: readonly ToolCall[]; readonly messages: readonly Message[] };

export type Decisions = Readonly<Record<string, { readonly decision: Decision; readonly reason?: string }>>;
export type ToolResults = Readonly<Record<string, unknown>>;

export function isPauseRequest(value: unknown): value is PauseRequest {
  const t = (value as { type?: unknown } | null)?.type;
  return typeof value === 'object' && value !== null && (t === 'user_input' || t === 'tool_request' || t === 'tool_confirmation') && Array.isArray((value as { messages?: unknown }).messages);
}

function conversation(messages: readonly BaseMessage[], pending: readonly BaseMessage[] = []): Message[] {
  return toContractMessages([...messages, ...pending]);
}

/** Wait for the user; returns the messages they gave (at least one). */
export function askUser(component: string, messages: readonly BaseMessage[], pending: readonly BaseMessage[] = []): string[] {
  const payload: PauseRequest = { type: 'user_input', component, messages: conversation(messages, pending) };
  const answer: unknown = interrupt(payload);
  return Array.isArray(answer) ? answer.map(String) : [String(answer)];
}

/** Ask the caller to run client tools; returns their results by request id. */
export function askToolResults(component: string, requests: readonly ToolCall[], messages: readonly BaseMessage[]): ToolResults {
  const payload: PauseRequest = { type: 'tool_request', component, requests, messages: conversation(messages) };
  return (interrupt(payload) ?? {}) as ToolResults;
}

/** Ask the caller to approve or reject tool calls; returns the decisions by request id. */
export function askDecisions(component: string, requests: readonly ToolCall[], messages: readonly BaseMessage[]): Decisions {
  const payload: PauseRequest = { type: 'tool_confirmation', component, requests, messages: conversation(messages) };
  return (interrupt(payload) ?? {}) as Decisions;
}
