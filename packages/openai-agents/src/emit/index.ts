import type { Agent, Component } from '@agentspec/core';
import { admit, checkMultiAgent, specializeAgents, type EmitOptions, type EmittedModule } from '@agentspec/runtime';
import { OPENAI_AGENTS_CAPABILITIES } from '../capabilities.js';
import type { CompileWarning } from '../types.js';
import { emitAgent } from './emit-agent.js';
import { emitGroup } from './multi-agent/emit-group.js';
import { emittedGroup } from './multi-agent/group-members.js';

/** The module's text, and what of the spec it does not carry over exactly (as compileOpenAiAgents reports them). */
export type EmitResult = EmittedModule<CompileWarning>;

/**
 * Write a TypeScript module that builds, with the OpenAI Agents SDK's own API,
 * the `Agent` compileOpenAiAgents builds in memory (`agentspec compile --target
 * openai-agents`): `build(options)` returns `{ agent, warnings, runOptions,
 * close }`, which `openaiAgentsRuntime({ build })` drives like a compiled
 * agent. The module depends on `@openai/agents` and `openai` only. Same
 * component, same bytes; nothing of the spec is ever executed (its strings are
 * escaped literals). A SpecializedAgent is written as the Agent it stands for
 * (its overrides merged); a Swarm or ManagerWorkers as the SDK's multi-agent
 * patterns (emitGroup): transfers as `handoff()`s, workers and send_message
 * recipients as function tools; `build()` then returns `{ agent, agents,
 * warnings, runOptions, close }` (`openaiAgentsRuntime({ buildGroup })`).
 * Flows run on openaiAgentsRuntime()'s interpreter and are refused
 * (AS_UNSUPPORTED), like other components.
 */
export function emitOpenAiAgents(component: Component, options: EmitOptions = {}): EmitResult {
  admit(component, OPENAI_AGENTS_CAPABILITIES.emit);
  const root = specializeAgents(component);
  if (root.component_type === 'Agent') return emitAgent(root as Agent, options);
  checkMultiAgent(root);
  const group = emittedGroup(root);
  if (!group) throw new Error(`unreachable: admit() let a ${root.component_type} through`);
  return emitGroup(group, options);
}

export type { EmitOptions } from '@agentspec/runtime';
