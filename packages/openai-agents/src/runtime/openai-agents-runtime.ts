import { AgentSpecLoadError, hasErrors, validateComponent, type Agent, type Component, type Flow } from '@agentspec/core';
import { setTracingDisabled } from '@openai/agents';
import { checkLoadOptions, checkRuntimeOptions, referenceRuntime, RuntimeError, type App, type Runtime, type RuntimeLoadOptions } from '@agentspec/runtime';
import { openaiAgentsBackend } from '../backend/openai-agents-backend.js';
import { OPENAI_AGENTS_RUNTIME_NAME } from '../names.js';
import type { OpenAiAgentsRuntimeOptions } from '../types.js';
import { agentApp } from './agent-app.js';
import { checkFlow } from './flow-support.js';

/**
 * The Runnable contract (DESIGN §4.1) on the OpenAI Agents SDK: Agents run
 * natively (`Runner.run`, interruptions, `RunState` for save/resume); Flows
 * run on the reference interpreter with every LLM call made by the SDK's
 * models (DESIGN §4.3). Tracing export to OpenAI is off unless `tracing: true`.
 */
export function openaiAgentsRuntime(options: OpenAiAgentsRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('openaiAgentsRuntime', options, { structuredOutput: { oneOf: ['submit_result', 'native'] }, tracing: 'boolean', build: 'function' });
  const flows = referenceRuntime({ backend: (llm) => openaiAgentsBackend(llm), name: OPENAI_AGENTS_RUNTIME_NAME });
  return {
    name: OPENAI_AGENTS_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('openaiAgentsRuntime', load);
      if (options.tracing !== true) setTracingDisabled(true);
      const diagnostics = validateComponent(component);
      if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
      if (component.component_type === 'Flow') {
        checkFlow(component as Flow);
        return flows.load(component, load);
      }
      if (component.component_type !== 'Agent') {
        throw new RuntimeError('AS_UNSUPPORTED', `a ${component.component_type} cannot be run on its own: load an Agent or a Flow`);
      }
      return agentApp(component as Agent, load, options);
    },
  };
}
