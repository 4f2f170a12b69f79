import { AgentSpecLoadError, hasErrors, validateComponent, type Agent, type Component } from '@agentspec/core';
import { setTracingDisabled } from '@openai/agents';
import { RuntimeError } from '@agentspec/runtime';
import type { CompileOptions, CompileResult } from '../types.js';
import { compileAgent, type CompiledAgent } from './compile-agent.js';

/**
 * Compile an Agent Spec Agent into an OpenAI Agents SDK `Agent` that you
 * `run()`, stream and deploy with the SDK (DESIGN §4.4). Flows run on
 * `openaiAgentsRuntime()` (the reference interpreter with the SDK's models);
 * other components are refused with AS_UNSUPPORTED. Unless `tracing: true`,
 * `setTracingDisabled(true)` is called (no trace export to OpenAI).
 */
export function compileOpenAiAgents(component: Component, options: CompileOptions = {}): CompileResult<CompiledAgent> {
  const diagnostics = validateComponent(component);
  if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
  if (component.component_type !== 'Agent') {
    throw new RuntimeError('AS_UNSUPPORTED', `${component.component_type} '${component.id}' cannot be compiled to an Agents SDK agent`, {}, {
      hint: component.component_type === 'Flow' ? 'run Flows with openaiAgentsRuntime()' : 'compile an Agent',
    });
  }
  if (!options.tracing) setTracingDisabled(true);
  return compileAgent(component as Agent, options);
}
