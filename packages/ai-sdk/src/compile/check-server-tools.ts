import type { Agent } from '@agentspec/core';
import { RuntimeError, type ToolRegistry } from '@agentspec/runtime';

/** Every ServerTool of the agent needs an implementation: one AS_MISSING_TOOL error listing all that lack one. */
export function checkServerTools(agent: Agent, registry: ToolRegistry = {}): void {
  const missing = agent.tools.filter((t) => t.component_type === 'ServerTool' && !Object.hasOwn(registry, t.name)).map((t) => `'${t.name}'`);
  if (missing.length === 0) return;
  throw new RuntimeError('AS_MISSING_TOOL', `no implementation registered for ServerTool${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, { agent: agent.id }, {
    hint: 'pass them as options: tools: { name: (args) => result }',
  });
}
