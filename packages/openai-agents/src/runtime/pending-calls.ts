import type { Tool } from '@agentspec/core';
import type { RunToolApprovalItem } from '@openai/agents';
import { rejectionText, RuntimeError, type Decision, type ToolCall } from '@agentspec/runtime';
import { callIdOf, runData, type PausedRun } from '../compile/run-data.js';

/** A tool call that interrupted the SDK run: a ClientTool call or a call that needs confirmation. */
export interface PendingCall {
  readonly item: RunToolApprovalItem;
  readonly call: ToolCall;
  readonly tool: Tool | undefined;
}

function argsOf(text: string | undefined): Record<string, unknown> {
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function pendingCalls(items: readonly RunToolApprovalItem[], tools: ReadonlyMap<string, Tool>): PendingCall[] {
  return items.map((item) => {
    const name = item.name ?? item.toolName ?? '';
    return { item, call: { id: callIdOf(item), name, args: argsOf(item.arguments) }, tool: tools.get(name) };
  });
}

/**
 * The caller's answers to the calls of a paused run, applied to the SDK's
 * RunState as they come (DESIGN §4.2): a decision approves or rejects the
 * call (`state.approve` / `state.reject` with the rejection message); an
 * approved ClientTool call then waits for its result, which is recorded in
 * the run context and approves it. A ClientTool that needs confirmation so
 * stops twice: `tool_confirmation`, then `tool_request`.
 */
export class PendingAnswers {
  constructor(
    readonly state: PausedRun & { reject(item: RunToolApprovalItem, options?: { message?: string }): void },
    readonly calls: readonly PendingCall[],
    /** Calls approved or rejected in the SDK state. */
    readonly settled = new Set<string>(),
    /** ClientTool calls confirmed by the caller, now waiting for their result. */
    readonly confirmed = new Set<string>(),
  ) {}

  /** What the run still waits for, or undefined when it can resume. */
  waiting(): { type: 'tool_confirmation' | 'tool_request'; requests: ToolCall[] } | undefined {
    const open = this.calls.filter((c) => !this.settled.has(c.call.id));
    const toConfirm = open.filter((c) => c.tool?.requires_confirmation === true && !this.confirmed.has(c.call.id));
    if (toConfirm.length > 0) return { type: 'tool_confirmation', requests: toConfirm.map((c) => c.call) };
    const toAnswer = open.filter((c) => c.tool?.component_type === 'ClientTool');
    if (toAnswer.length > 0) return { type: 'tool_request', requests: toAnswer.map((c) => c.call) };
    return undefined;
  }

  decide(id: string, decision: Decision, reason?: string): void {
    const c = this.#waitingFor('tool_confirmation', id);
    if (decision === 'reject') {
      this.state.reject(c.item, { message: rejectionText(c.call.name, reason) });
      this.settled.add(id);
    } else if (c.tool?.component_type === 'ClientTool') {
      this.confirmed.add(id);
    } else {
      this.state.approve(c.item);
      this.settled.add(id);
    }
  }

  answer(id: string, content: unknown): void {
    const c = this.#waitingFor('tool_request', id);
    runData(this.state._context).clientResults[id] = content;
    this.state.approve(c.item);
    this.settled.add(id);
  }

  #waitingFor(type: 'tool_confirmation' | 'tool_request', id: string): PendingCall {
    const w = this.waiting();
    const c = w?.type === type ? this.calls.find((p) => p.call.id === id && w.requests.some((r) => r.id === id)) : undefined;
    if (!c) {
      const what = type === 'tool_request' ? 'tool request' : 'tool call waiting for a decision';
      throw new RuntimeError('AS_INVALID_STATE', `no ${what} with id '${id}' (waiting: ${w ? `${w.type} ${w.requests.map((r) => r.id).join(', ')}` : 'nothing'})`);
    }
    return c;
  }
}
