import type { Agent, Component } from '@agentspec/core';
import { setTracingDisabled } from '@openai/agents';
import { admit } from '@agentspec/runtime';
import { OPENAI_AGENTS_CAPABILITIES } from '../capabilities.js';
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
  admit(component, OPENAI_AGENTS_CAPABILITIES.compile, { llmOverride: Boolean(options.llm?.override) });
  if (!options.tracing) setTracingDisabled(true);
  return compileAgent(component as Agent, options);
}
