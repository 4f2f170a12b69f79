/**
 * Checking what one step ended with against its `expect:` (CASES.md,
 * "Comparison"): status first, then error, outputs, branch, requests,
 * messages. Paths are relative to the step's `expect`.
 */
import type { Message, RunStatus, ToolCall } from '@agentspec/runtime';
import type { ExpectedError, ExpectedMessage, ExpectedToolCall, StepExpectation } from './case-types.js';
import { firstDifference, under, type Difference } from './compare.js';

/** How a `run()` ended: a status, or a rejection with a code. */
export type StepOutcome =
  | { readonly type: 'status'; readonly status: RunStatus }
  | { readonly type: 'error'; readonly code: string; readonly message: string };

/** Tool calls as the expectation shows them: name, and args where the expectation gives them. */
function calls(actual: readonly ToolCall[] | undefined, expected: readonly ExpectedToolCall[] | undefined): unknown[] {
  return (actual ?? []).map((call, i) => {
    const e = expected?.[i];
    return e !== undefined && e.args === undefined ? { name: call.name } : { name: call.name, args: call.args };
  });
}

/** A message as the expectation shows it: ids never, other keys where the expectation gives them. */
function message(m: Message, e: ExpectedMessage | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { role: m.role };
  if (e === undefined || e.content !== undefined) out.content = m.content;
  if (e?.sender !== undefined) out.sender = m.sender;
  if (e?.toolCalls !== undefined || (e === undefined && (m.toolCalls?.length ?? 0) > 0)) out.toolCalls = calls(m.toolCalls, e?.toolCalls);
  return out;
}

/** Tells which of the actual values the expectation's keys stand for. */
function view(expect: StepExpectation, status: RunStatus): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (expect.outputs !== undefined) out.outputs = status.type === 'finished' ? status.outputs : undefined;
  if (expect.branch !== undefined) out.branch = status.type === 'finished' ? status.branch : undefined;
  if (expect.requests !== undefined) {
    out.requests = status.type === 'tool_request' || status.type === 'tool_confirmation' ? calls(status.requests, expect.requests) : undefined;
  }
  if (expect.messages !== undefined) out.messages = status.messages.map((m, i) => message(m, expect.messages?.[i]));
  return out;
}

/** How a rejection differs from the expected one: its code (`/code`), then a text its message lacks (`/mentions/<i>`). */
export function checkError(expected: ExpectedError, actual: { readonly code: string; readonly message: string }): Difference | undefined {
  if (expected.code !== actual.code) return { path: '/code', expected: expected.code, actual: actual.code };
  const missing = (expected.mentions ?? []).findIndex((text) => !actual.message.includes(text));
  return missing < 0 ? undefined : { path: `/mentions/${missing}`, expected: expected.mentions?.[missing], actual: actual.message };
}

/** The first difference between a step's expectation and its outcome, or undefined when it matches. */
export function checkStep(expect: StepExpectation, outcome: StepOutcome): Difference | undefined {
  const actualStatus = outcome.type === 'error' ? 'error' : outcome.status.type;
  if (actualStatus !== expect.status) {
    const actual = outcome.type === 'error' ? `error ${outcome.code}: ${outcome.message}` : actualStatus;
    return { path: '/status', expected: expect.status, actual };
  }
  if (outcome.type === 'error') return expect.error ? under('/error', checkError(expect.error, outcome)) : undefined;
  const { status: _s, error: _e, ...rest } = expect;
  return firstDifference(rest, view(expect, outcome.status));
}
