import type { Agent, Component } from '@agentspec/core';
import { admit, type EmitOptions, type EmittedModule } from '@agentspec/runtime';
import { OPENAI_AGENTS_CAPABILITIES } from '../capabilities.js';
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
  admit(component, OPENAI_AGENTS_CAPABILITIES.emit);
  return emitAgent(component as Agent, options);
}

export type { EmitOptions } from '@agentspec/runtime';
