import { laterComponent, type Agent, type Component } from '@agentspec/core';
import { setTracingDisabled } from '@openai/agents';
import { a2aAgentApp, admit, checkLoadOptions, checkMultiAgent, checkRuntimeOptions, openTransforms, referenceRuntime, resolveToolboxes, specializeAgent, specializeAgents, type App, type Runtime, type RuntimeLoadOptions } from '@agentspec/runtime';
import { openaiAgentsBackend } from '../backend/openai-agents-backend.js';
import { OPENAI_AGENTS_RUNTIME_NAME } from '../names.js';
import type { OpenAiAgentsRuntimeOptions } from '../types.js';
import { agentApp } from './agent-app.js';
import { multiAgentApp } from './multi-agent/multi-agent-app.js';
import { nativeGroup } from './multi-agent/native-members.js';
import { OPENAI_AGENTS_CAPABILITIES } from '../capabilities.js';

/**
 * The Runnable contract (DESIGN §4.1) on the OpenAI Agents SDK: Agents run
 * natively (`Runner.run`, interruptions, `RunState` for save/resume), SpecializedAgents as
 * the Agents they stand for; a Swarm of handoffs (`handoff: always`) and a ManagerWorkers
 * natively when their members are plain chat agents (SDK `handoffs`, workers as tools: multiAgentApp; or as the
 * `buildGroup` option builds them, a Swarm of any handoff mode);
 * Flows and other Swarms and ManagerWorkers on the reference interpreter with every LLM call
 * made by the SDK's models (DESIGN §4.3). Tracing export to OpenAI is off unless `tracing: true`.
 */
export function openaiAgentsRuntime(options: OpenAiAgentsRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('openaiAgentsRuntime', options, { structuredOutput: { oneOf: ['submit_result', 'native'] }, tracing: 'boolean', build: 'function', buildGroup: 'function' });
  const flows = referenceRuntime({ backend: (llm) => openaiAgentsBackend(llm), name: OPENAI_AGENTS_RUNTIME_NAME, capabilities: OPENAI_AGENTS_CAPABILITIES.runtime });
  return {
    name: OPENAI_AGENTS_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('openaiAgentsRuntime', load);
      if (options.tracing !== true) setTracingDisabled(true);
      // a Swarm of handoffs (handoff: always) and a ManagerWorkers: native (SDK handoffs, workers as tools) when their members are plain chat agents
      if (component.component_type === 'Swarm' || component.component_type === 'ManagerWorkers') {
        admit(component, OPENAI_AGENTS_CAPABILITIES.runtime, { llmOverride: Boolean(load.llm?.override) });
        const root = specializeAgents(component);
        checkMultiAgent(root);
        // with buildGroup (e.g. an emitted module), a Swarm of any handoff mode: the module writes send_message tools itself
        const group = nativeGroup(root, { anyMode: options.buildGroup !== undefined });
        if (group) return multiAgentApp(group, component, load, options);
      }
      // Flows, other Swarms and ManagerWorkers: admitted by the reference interpreter's load, with these capabilities
      if (component.component_type !== 'Agent' && component.component_type !== 'SpecializedAgent') return flows.load(component, load);
      admit(component, OPENAI_AGENTS_CAPABILITIES.runtime, { llmOverride: Boolean(load.llm?.override) });
      const remote = laterComponent(component, 'A2AAgent');
      if (remote) return a2aAgentApp(remote, load, OPENAI_AGENTS_RUNTIME_NAME);
      // a SpecializedAgent runs natively as the Agent it stands for (sessions are saved against the spec as given)
      const special = laterComponent(component, 'SpecializedAgent');
      const agent = special ? specializeAgent(special) : (component as Agent);
      // the agent's toolboxes listed now: the SDK agent gets their tools as MCPTools (sessions keep the spec as given)
      const resolved = await resolveToolboxes(agent, load);
      return agentApp(resolved, load, options, component, await openTransforms(resolved));
    },
  };
}
