import type { Agent } from '@agentspec/core';
import { parametersSchema } from '@agentspec/runtime';
import type { Agent as MastraAgent } from '@mastra/core/agent';
import type { CompiledAgent } from '../compile/agent/compile-agent.js';

/**
 * What the runtime needs to drive a Mastra agent that `compileMastra` did not
 * make (one the `build` option built, such as an emitted module's `build`): the
 * spec it was built from and its limits. Such an agent reads its inputs from
 * the RequestContext key `agentspec.inputs` and reports tool failures and the
 * submitted result under `agentspec.run`, as emitted modules do; it finishes
 * through `submit_result` (not native structured output).
 */
export function builtAgent(spec: Agent, agent: MastraAgent, maxAgentSteps: number | undefined): CompiledAgent {
  return {
    spec, agent, tools: new Map(spec.tools.map((t) => [t.name, t])), agentTools: new Set(), native: false, outputSchema: parametersSchema(spec.outputs ?? []), maxSteps: maxAgentSteps ?? 20,
  };
}
