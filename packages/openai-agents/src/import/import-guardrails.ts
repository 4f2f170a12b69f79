import type { AnyAgent } from './any-agent.js';
import type { Warnings } from './warnings.js';

/** Input and output guardrails, each named in a warning: Agent Spec has no guardrails. */
export function importGuardrails(agent: AnyAgent, id: string, warnings: Warnings): void {
  for (const [side, list] of [['input', agent.inputGuardrails], ['output', agent.outputGuardrails]] as const) {
    for (const g of list as readonly { name?: string }[]) {
      warnings.add('OAI_GUARDRAIL', id, `${side} guardrail '${g.name ?? 'unnamed'}' has no Agent Spec equivalent: left out (the imported agent does not run it)`);
    }
  }
}
