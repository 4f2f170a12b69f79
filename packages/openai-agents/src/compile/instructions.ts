import type { Agent } from '@agentspec/core';
import { renderTemplate, resolveInputs } from '@agentspec/runtime';

/** The agent's system prompt rendered with its inputs (given values, else defaults; a missing one is AS_MISSING_INPUT). */
export function instructionsOf(agent: Agent, inputs: Readonly<Record<string, unknown>>): string {
  return renderTemplate(agent.system_prompt, resolveInputs(agent.inputs, inputs, { agent: agent.id }));
}
