import type { Helper } from './helper.js';

/** The agent's data in the SDK run context, shared with openaiAgentsRuntime()'s sessions (`context.agentspec`). */
export const runData: Helper = {
  declares: ['RunData', 'runData'],
  needs: ['codedError'],
  imports: { '@openai/agents': ['type RunContext'] },
  code: `/**
 * What the agent keeps in the run context (\`context.agentspec\`), so that RunState.toString() saves it:
 * the results given to ClientTool calls, and the outputs of a valid submit_result.
 */
interface RunData {
  clientResults: Record<string, unknown>;
  submitted?: Record<string, unknown>;
}

function runData(runContext: RunContext<unknown> | undefined): RunData {
  const context = runContext?.context;
  if (typeof context !== 'object' || context === null) {
    throw new CodedError('AS_INVALID_STATE', 'this agent needs an object as run context (the SDK default {} is fine)');
  }
  const holder = context as { agentspec?: RunData };
  return (holder.agentspec ??= { clientResults: {} });
}`,
};

export const respondToClientTool: Helper = {
  declares: ['respondToClientTool'],
  needs: ['runData'],
  imports: { '@openai/agents': ['type RunContext', 'type RunToolApprovalItem'] },
  code: `/**
 * Answer a ClientTool call that interrupted a run (\`result.interruptions\`): the tool returns \`result\` to
 * the model once the run resumes with \`run(agent, state)\`.
 */
export function respondToClientTool(
  state: { readonly _context: RunContext<unknown>; approve(item: RunToolApprovalItem): void },
  item: RunToolApprovalItem,
  result: unknown,
): void {
  const call = item.rawItem as { callId?: string; id?: string };
  runData(state._context).clientResults[call.callId ?? call.id ?? ''] = result;
  state.approve(item);
}`,
};
