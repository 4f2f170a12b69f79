import type { AnyAgent } from './any-agent.js';

/**
 * An SDK Agent, also one made with another copy of @openai/agents (no
 * `instanceof`: a program loaded in another module context has its own
 * classes): a name, tools and handoffs.
 */
export function isSdkAgent(value: unknown): value is AnyAgent {
  const v = value as Partial<Record<string, unknown>> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && Array.isArray(v.tools) && Array.isArray(v.handoffs);
}

/** The agent a handoff entry leads to: the entry itself (an Agent), or a `handoff(agent)`'s `agent`. */
export function handoffTarget(entry: unknown): AnyAgent | undefined {
  if (isSdkAgent(entry)) return entry;
  const agent = (entry as { agent?: unknown } | null)?.agent;
  return isSdkAgent(agent) ? agent : undefined;
}
