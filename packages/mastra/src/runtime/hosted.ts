import type { Agent as MastraAgent } from '@mastra/core/agent';
import type { CompiledAgent } from '../compile/agent/compile-agent.js';
import { stoppingTool } from '../compile/agent/stopping-tool.js';
import type { MastraCompiled } from '../compile/compile-mastra.js';

/**
 * The agents the app's `Mastra` instance hosts. Mastra keeps a snapshot of
 * every agent loop of an agent it hosts in its store — written when the loop
 * starts (after a lookup that scans the in-memory store's runs), deleted when
 * it ends — which only a run that stopped for the caller (a ClientTool, a
 * confirmation) reads back, to resume. A standalone agent compiled here whose
 * tools never stop it runs on its own, as an `Agent` built without a `Mastra`
 * does, and leaves the store alone; one built by a `build` hook (its tools
 * the hook's) and flows are always hosted.
 */
export function hostedAgents(compiled: MastraCompiled, agent: CompiledAgent | undefined, built: boolean): Readonly<Record<string, MastraAgent>> {
  if (compiled.kind !== 'agent' || built || !agent || stoppingTool(agent.spec)) return compiled.agents;
  return {};
}
