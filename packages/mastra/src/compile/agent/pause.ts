import type { ToolCall } from '@agentspec/runtime';
import type { AgentAnswers, AgentPending } from './agent-pending.js';
import type { CompiledAgent } from './compile-agent.js';
import type { AgentRunOutcome } from './run-agent.js';
import type { TurnTracker } from './turn-tracker.js';

/**
 * The status of a run stopped in a turn (DESIGN §4.2): every confirmation the
 * turn still needs, all at once; once all are decided, every client tool call
 * still waiting for its result (rejected calls are never requested).
 */
export function pauseOf(compiled: CompiledAgent, tracker: TurnTracker, pending: AgentPending, answers: AgentAnswers, consumed: string[]): AgentRunOutcome {
  const answered = new Set(pending.answered);
  const copy = (c: ToolCall): ToolCall => ({ id: c.id, name: c.name, args: { ...c.args } });
  const confirm = pending.calls.filter((c) => compiled.tools.get(c.name)?.requires_confirmation === true && !answered.has(c.id) && !answers.decisions.has(c.id));
  const base = { messages: tracker.shown(pending), committed: [...tracker.committed], pending, consumed };
  if (confirm.length > 0) return { type: 'tool_confirmation', requests: confirm.map(copy), ...base };
  const rejected = (c: ToolCall) => Object.hasOwn(pending.rejected, c.id) || answers.decisions.get(c.id)?.decision === 'reject';
  const client = pending.calls.filter((c) => compiled.tools.get(c.name)?.component_type === 'ClientTool' && !rejected(c)
    && !(answered.has(c.id) && c.id !== pending.toolCallId) && !answers.toolResults.has(c.id));
  const waiting = pending.calls.filter((c) => c.id === pending.toolCallId);
  return { type: 'tool_request', requests: (client.length > 0 ? client : waiting).map(copy), ...base };
}
