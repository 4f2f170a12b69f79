import type { Agent, Tool } from '@agentspec/core';

/**
 * The first tool of an agent that stops its run for the caller — a ClientTool
 * (Mastra's `suspend()`) or a tool with `requires_confirmation` (Mastra's
 * `requireApproval`) — or undefined when none does: then no Mastra run of the
 * agent is ever suspended, and none is ever resumed from a store.
 */
export function stoppingTool(agent: Agent): Tool | undefined {
  return agent.tools.find((t) => t.component_type === 'ClientTool' || t.requires_confirmation === true);
}
