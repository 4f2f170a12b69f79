import { hasToolCall, stepCountIs } from 'ai';
import { SUBMIT_RESULT } from '@agentspec/runtime';
import { markOf } from '../compile/marks.js';
import { DEFAULT_MAX_STEPS } from '../compile/agent-settings.js';
import type { ImportWarnings } from './import-warnings.js';

/** The source text of `stepCountIs(n)`'s condition, to recognise it in agents not built by compileAiSdk. */
const STEP_COUNT_SOURCE = String(stepCountIs(1));
const HAS_TOOL_CALL_SOURCE = String(hasToolCall());

/** `hasToolCall('submit_result')`: the submit_result finish of an agent with outputs. */
function stopsOnSubmit(condition: unknown): boolean {
  return typeof condition === 'function' && String(condition) === HAS_TOOL_CALL_SOURCE
    && (condition as (o: { steps: unknown[] }) => unknown)({ steps: [{ toolCalls: [{ toolName: SUBMIT_RESULT }] }] }) === true;
}

/** n of a `stepCountIs(n)` condition: the first number of steps that stops it. */
function probeStepCount(condition: (o: { steps: unknown[] }) => unknown): number | undefined {
  for (let n = 1; n <= 10_000; n++) if (condition({ steps: new Array(n) }) === true) return n;
  return undefined;
}

/**
 * What the stop conditions mean for Agent Spec: a step limit is not part of
 * a spec (it is `limits.maxAgentSteps` when running one), the submit_result
 * condition is how an agent with outputs finishes; any other condition is
 * custom code that cannot be represented.
 */
export function importStopConditions(stopWhen: unknown, warnings: ImportWarnings): void {
  const conditions = stopWhen === undefined ? [] : Array.isArray(stopWhen) ? stopWhen : [stopWhen];
  conditions.forEach((condition: unknown, i) => {
    const where = `stopWhen[${i}]`;
    const m = markOf(condition);
    const steps = m?.kind === 'step-count' ? m.steps
      : !m && typeof condition === 'function' && String(condition) === STEP_COUNT_SOURCE ? probeStepCount(condition as (o: { steps: unknown[] }) => unknown) : undefined;
    if (steps !== undefined) {
      if (steps !== DEFAULT_MAX_STEPS) warnings.add('AISDK_STEP_LIMIT', where, `stepCountIs(${steps}): a step limit is not part of a spec; run it with limits.maxAgentSteps: ${steps}`);
      return;
    }
    if (m || stopsOnSubmit(condition)) return;
    const name = typeof condition === 'function' && condition.name ? ` '${condition.name}'` : '';
    warnings.add('AISDK_STOP_CONDITION', where, `custom stop condition${name} cannot be represented in Agent Spec: not imported`);
  });
}
