import type { RunContext, RunToolApprovalItem } from '@openai/agents';
import { RuntimeError } from '@agentspec/runtime';

/**
 * What a compiled agent keeps in the run context (`context.agentspec`), so
 * that it is saved with `RunState.toString()` and restored by
 * `RunState.fromString()`: the results the caller gave to ClientTool calls,
 * and the outputs of a valid `submit_result`.
 */
export interface AgentSpecRunData {
  clientResults: Record<string, unknown>;
  submitted?: Record<string, unknown>;
}

const KEY = 'agentspec';

/** The agent's data in a run context, created on first use. The context must be an object (the SDK's default `{}` is). */
export function runData(runContext: RunContext<unknown>): AgentSpecRunData {
  const context = runContext.context;
  if (typeof context !== 'object' || context === null) {
    throw new RuntimeError('AS_INVALID_STATE', 'an agent compiled from Agent Spec needs an object as run context (the SDK default {} is fine)');
  }
  const holder = context as Record<string, unknown>;
  const data = holder[KEY] as AgentSpecRunData | undefined;
  if (data && typeof data === 'object') return data;
  const fresh: AgentSpecRunData = { clientResults: {} };
  holder[KEY] = fresh;
  return fresh;
}

/** The call id of an approval item (a function call of the model). */
export function callIdOf(item: RunToolApprovalItem): string {
  const raw = item.rawItem as { callId?: string; id?: string };
  return raw.callId ?? raw.id ?? '';
}

/** What respondToClientTool needs of a `RunState`. */
export interface PausedRun {
  readonly _context: RunContext<unknown>;
  approve(item: RunToolApprovalItem): void;
}

/**
 * Answer a ClientTool call that interrupted a run: the result is what the
 * tool returns to the model once the run resumes (`run(agent, state)`).
 */
export function respondToClientTool(state: PausedRun, item: RunToolApprovalItem, result: unknown): void {
  runData(state._context).clientResults[callIdOf(item)] = result;
  state.approve(item);
}
