import type { AnyAgent } from './any-agent.js';
import type { Warnings } from './warnings.js';

/** The input guardrails of the imported agent already read (made nodes of its guarded Flow), and why the others could not be. */
export interface ReadGuardrails {
  readonly flow: ReadonlySet<unknown>;
  readonly why: ReadonlyMap<unknown, string>;
}

/**
 * Guardrails Agent Spec cannot say, each named in a warning: output
 * guardrails, and input guardrails not made nodes of a guarded Flow (a
 * code-only check, another shape than "an agent's boolean field", an agent
 * inside a Swarm or ManagerWorkers).
 */
export function importGuardrails(agent: AnyAgent, id: string, warnings: Warnings, read?: ReadGuardrails): void {
  for (const [side, list] of [['input', agent.inputGuardrails], ['output', agent.outputGuardrails]] as const) {
    for (const g of list as readonly { name?: string }[]) {
      if (side === 'input' && read?.flow.has(g)) continue;
      const why = side === 'input' ? read?.why.get(g) : undefined;
      warnings.add('OAI_GUARDRAIL', id, `${side} guardrail '${g.name ?? 'unnamed'}' has no Agent Spec equivalent: left out (the imported agent does not run it${why ? `; not a Flow because ${why}` : ''})`);
    }
  }
}
