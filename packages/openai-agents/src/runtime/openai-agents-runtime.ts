import { laterComponent, type Agent, type Component } from '@agentspec/core';
import { setTracingDisabled } from '@openai/agents';
import { a2aAgentApp, admit, checkLoadOptions, checkRuntimeOptions, openTransforms, referenceRuntime, resolveToolboxes, type App, type Runtime, type RuntimeLoadOptions } from '@agentspec/runtime';
import { openaiAgentsBackend } from '../backend/openai-agents-backend.js';
import { OPENAI_AGENTS_RUNTIME_NAME } from '../names.js';
import type { OpenAiAgentsRuntimeOptions } from '../types.js';
import { agentApp } from './agent-app.js';
import { OPENAI_AGENTS_CAPABILITIES } from '../capabilities.js';

/**
 * The Runnable contract (DESIGN §4.1) on the OpenAI Agents SDK: Agents run
 * natively (`Runner.run`, interruptions, `RunState` for save/resume); Flows
 * run on the reference interpreter with every LLM call made by the SDK's
 * models (DESIGN §4.3). Tracing export to OpenAI is off unless `tracing: true`.
 */
export function openaiAgentsRuntime(options: OpenAiAgentsRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('openaiAgentsRuntime', options, { structuredOutput: { oneOf: ['submit_result', 'native'] }, tracing: 'boolean', build: 'function' });
  const flows = referenceRuntime({ backend: (llm) => openaiAgentsBackend(llm), name: OPENAI_AGENTS_RUNTIME_NAME, capabilities: OPENAI_AGENTS_CAPABILITIES.runtime });
  return {
    name: OPENAI_AGENTS_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('openaiAgentsRuntime', load);
      if (options.tracing !== true) setTracingDisabled(true);
      // Flows: admitted by the reference interpreter's load, with these capabilities
      if (component.component_type === 'Flow') return flows.load(component, load);
      admit(component, OPENAI_AGENTS_CAPABILITIES.runtime, { llmOverride: Boolean(load.llm?.override) });
      const remote = laterComponent(component, 'A2AAgent');
      if (remote) return a2aAgentApp(remote, load, OPENAI_AGENTS_RUNTIME_NAME);
      // the agent's toolboxes listed now: the SDK agent gets their tools as MCPTools (sessions keep the spec as given)
      const agent = await resolveToolboxes(component as Agent, load);
      return agentApp(agent, load, options, component as Agent, await openTransforms(agent));
    },
  };
}
