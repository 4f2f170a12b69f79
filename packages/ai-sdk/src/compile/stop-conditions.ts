import { SUBMIT_RESULT } from '@agentspec/runtime';
import { stepCountIs, type StopCondition, type ToolSet } from 'ai';
import { mark } from './marks.js';

export type AgentStopCondition = StopCondition<ToolSet>;

/** `stepCountIs(n)`, marked so that the importer reads the limit back. */
export function stepLimit(steps: number): AgentStopCondition {
  return mark(stepCountIs(steps) as AgentStopCondition, { kind: 'step-count', steps });
}

/**
 * Stops the loop once a `submit_result` call was accepted (its execute
 * returned the outputs, not a problem text): an invalid submission goes back
 * to the LLM, which may correct it (`hasToolCall('submit_result')` would stop
 * on it too).
 */
export const submitResultAccepted: AgentStopCondition = mark<AgentStopCondition>(
  ({ steps }) => steps.at(-1)?.toolResults.some((r) => r.toolName === SUBMIT_RESULT && typeof r.output === 'object' && r.output !== null) ?? false,
  { kind: 'submit-result' },
);
