import { AgentSpecLoadError, hasErrors, validateComponent, type Agent, type Component } from '@agentspec/core';
import { RuntimeError, type EmitOptions, type EmittedModule } from '@agentspec/runtime';
import type { CompileWarning } from '../types.js';
import { emitAgent } from './emit-agent.js';

/** The module's text, and what of the spec it does not carry over exactly (as compileOpenAiAgents reports them). */
export type EmitResult = EmittedModule<CompileWarning>;

/**
 * Write a TypeScript module that builds, with the OpenAI Agents SDK's own API,
 * the `Agent` compileOpenAiAgents builds in memory (`agentspec compile --target
 * openai-agents`): `build(options)` returns `{ agent, warnings, runOptions,
 * close }`, which `openaiAgentsRuntime({ build })` drives like a compiled
 * agent. The module depends on `@openai/agents` and `openai` only. Same
 * component, same bytes; nothing of the spec is ever executed (its strings are
 * escaped literals). Flows run on openaiAgentsRuntime()'s interpreter and are
 * refused (AS_UNSUPPORTED), like other components.
 */
export function emitOpenAiAgents(component: Component, options: EmitOptions = {}): EmitResult {
  const diagnostics = validateComponent(component);
  if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
  if (component.component_type !== 'Agent') {
    throw new RuntimeError('AS_UNSUPPORTED', `${component.component_type} '${component.id}' cannot be emitted as an Agents SDK agent`, {}, {
      hint: component.component_type === 'Flow'
        ? 'Flows run on openaiAgentsRuntime() (the reference interpreter with the SDK\'s models); emit a Flow with --target langgraph or mastra'
        : 'emit an Agent',
    });
  }
  return emitAgent(component as Agent, options);
}

export type { EmitOptions } from '@agentspec/runtime';
