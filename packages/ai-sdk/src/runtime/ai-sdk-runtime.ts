import { laterComponent, type Agent, type Component } from '@agentspec/core';
import { a2aAgentApp, admit, checkLoadOptions, checkRuntimeOptions, openTransforms, resolveToolboxes, specializeAgent, type App, type Runtime, type RuntimeLoadOptions } from '@agentspec/runtime';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';
import type { AiSdkRuntimeOptions } from '../options.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { agentApp } from './agent-app.js';
import { flowApp } from './flow-app.js';
import { groupApp } from './group-app.js';
import { groupMembers } from '../multi-agent/group-members.js';

/**
 * The Runnable contract (DESIGN §4.1) on the Vercel AI SDK: Agents run
 * natively on a `ToolLoopAgent` (the message history is the session's
 * state), SpecializedAgents as the Agents they stand for; Flows, Swarms and
 * ManagerWorkers run on the reference interpreter with their LLM calls made by
 * the AI SDK (DESIGN §4.3): a handoff or a worker is a tool call of the agent —
 * or, with the `buildGroup` option, on the group it builds (an emitted module's).
 */
export function aiSdkRuntime(options: AiSdkRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('aiSdkRuntime', options, {
    structuredOutput: { oneOf: ['submit_result', 'native'] }, model: { anyOf: ['object', 'string', 'function'] }, build: 'function', buildGroup: 'function',
  });
  return {
    name: AI_SDK_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('aiSdkRuntime', load);
      admit(component, AI_SDK_CAPABILITIES.runtime, { llmOverride: Boolean(load.llm?.override) || options.model !== undefined });
      const remote = laterComponent(component, 'A2AAgent');
      if (remote) return a2aAgentApp(remote, load, AI_SDK_RUNTIME_NAME);
      // a SpecializedAgent runs natively as the Agent it stands for (sessions are saved against the spec as given)
      const special = laterComponent(component, 'SpecializedAgent');
      const agent = special ? specializeAgent(special) : component.component_type === 'Agent' ? (component as Agent) : undefined;
      // Swarms and ManagerWorkers with the buildGroup option: the group it builds (an emitted module's)
      const members = !agent && options.buildGroup ? groupMembers(component) : undefined;
      if (members) return groupApp(members, component, load, options);
      // Flows, Swarms and ManagerWorkers: the reference interpreter, every LLM call made by the AI SDK
      if (!agent) return flowApp(component, load, options);
      // the agent's toolboxes listed now: the ToolLoopAgent gets their tools as MCPTools (sessions keep the spec as given)
      const resolved = await resolveToolboxes(agent, load);
      return agentApp(resolved, load, options, component, await openTransforms(resolved));
    },
  };
}
