import { pointer, type Warnings } from '../format-warning.js';
import type { OasAgent } from './read-agent-document.js';
import type { OpenAgentSpecWarningCode } from './warning-codes.js';

/**
 * The agent-level fields Agent Spec has no equivalent for (guardrails,
 * exposes, short_circuit, fields v1 does not define): one warning each.
 * They are kept in the agent's metadata by the caller. `retain_memory` needs
 * none: each session starts with an empty conversation, which satisfies
 * `false`, and `true` is only a permission.
 */
export function warnAgentFields(agent: OasAgent, id: string, warnings: Warnings<OpenAgentSpecWarningCode>): void {
  for (const side of ['input', 'output'] as const) {
    const rail = agent.guardrails[side];
    if (rail) warnings.add('OAS_GUARDRAIL', pointer('guardrails', side), id, `the ${side} guardrail (tool '${rail.tool_name}', assertion ${JSON.stringify(rail.assertion)}) is not run: kept in metadata`);
  }
  for (const key of Object.keys(agent.exposes ?? {})) {
    warnings.add('OAS_EXPOSES', pointer('exposes', key), id, `'${key}' (${JSON.stringify(agent.exposes?.[key])}) is not evaluated: expressions of a document never are; kept in metadata`);
  }
  if (agent.lifespan?.short_circuit !== undefined) {
    warnings.add('OAS_SHORT_CIRCUIT', pointer('lifespan', 'short_circuit'), id, `repeated tool-call sequences longer than ${agent.lifespan.short_circuit} are not detected: the runtime's limits.maxAgentSteps (default 20) bounds the agent loop`);
  }
  for (const key of Object.keys(agent.extra)) warnings.add('OAS_UNKNOWN_FIELD', pointer(key), id, `'${key}' is not a field of an OpenAgentSpec v1 agent: kept in metadata`);
}
