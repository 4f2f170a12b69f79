import { AgentSpecLoadError, hasErrors, validateComponent, type Agent, type Component, type Flow } from '@agentspec/core';
import { checkLoadOptions, checkRuntimeOptions, RuntimeError, type App, type Runtime, type RuntimeLoadOptions } from '@agentspec/runtime';
import type { AiSdkRuntimeOptions } from '../options.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { agentApp } from './agent-app.js';
import { flowApp } from './flow-app.js';

/**
 * The Runnable contract (DESIGN §4.1) on the Vercel AI SDK: Agents run
 * natively on a `ToolLoopAgent` (the message history is the session's
 * state); Flows run on the reference interpreter with their LLM calls made by
 * the AI SDK (DESIGN §4.3).
 */
export function aiSdkRuntime(options: AiSdkRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('aiSdkRuntime', options, {
    structuredOutput: { oneOf: ['submit_result', 'native'] }, model: { anyOf: ['object', 'string', 'function'] }, build: 'function',
  });
  return {
    name: AI_SDK_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('aiSdkRuntime', load);
      const diagnostics = validateComponent(component);
      if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
      if (component.component_type === 'Agent') return agentApp(component as Agent, load, options);
      if (component.component_type === 'Flow') return flowApp(component as Flow, load, options);
      throw new RuntimeError('AS_UNSUPPORTED', `a ${component.component_type} cannot be run on its own: load an Agent or a Flow`);
    },
  };
}
