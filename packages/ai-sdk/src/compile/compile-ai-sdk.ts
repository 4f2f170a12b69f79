import type { Agent, Component } from '@agentspec/core';
import { admit, isGenericLlmConfig, type CompiledProgram } from '@agentspec/runtime';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';
import { ToolLoopAgent } from 'ai';
import type { AiSdkCompileOptions, CompileWarning } from '../options.js';
import { agentSettings, type AgentSettings } from './agent-settings.js';
import { attachSource } from './marks.js';
import { checkServerTools } from './check-server-tools.js';
import { toolExecutor } from './tools/tool-executor.js';

/** The ToolLoopAgent compileAiSdk returns (`output` is the structured output with `structuredOutput: 'native'`). */
export type AiSdkAgent = ToolLoopAgent<never, AgentSettings['tools'] & object, Record<string, unknown>, NonNullable<AgentSettings['output']>>;

export interface AiSdkCompileResult extends CompiledProgram {
  readonly agent: AiSdkAgent;
  readonly warnings: readonly CompileWarning[];
  /** Close the MCP connections the agent's MCPTools opened. */
  close(): Promise<void>;
}

/**
 * Compile an Agent into an AI SDK `ToolLoopAgent` (DESIGN §4.4) that you call
 * with `generate()` and `stream()` like any AI SDK agent. Flows run on the
 * reference interpreter through `aiSdkRuntime()`; they are AS_UNSUPPORTED here.
 */
export function compileAiSdk(component: Component, options: AiSdkCompileOptions = {}): AiSdkCompileResult {
  admit(component, AI_SDK_CAPABILITIES.compile, { llmOverride: Boolean(options.llm?.override) || options.model !== undefined });
  const agent = component as Agent;
  checkServerTools(agent, options.tools);
  const warnings: CompileWarning[] = [];
  if (agent.human_in_the_loop === false) {
    warnings.push({ kind: 'approximated', component: agent.id, message: 'human_in_the_loop: false is not enforced by a ToolLoopAgent: a text reply ends the call as usual (aiSdkRuntime fails it with AS_INVALID_STATE)' });
  }
  const executor = toolExecutor({ ...(options.tools ? { registry: options.tools } : {}), ...(options.network ? { network: options.network } : {}), ...(options.http ? { http: options.http } : {}) });
  const agentObject = new ToolLoopAgent(agentSettings(agent, options, executor, warnings));
  const retryPolicy = (agent.llm_config as { retry_policy?: unknown }).retry_policy;
  attachSource(agentObject, {
    system_prompt: agent.system_prompt, inputs: agent.inputs ?? [], ...(retryPolicy ? { retry_policy: retryPolicy } : {}),
    ...(isGenericLlmConfig(agent.llm_config) ? { llm_config: agent.llm_config } : {}),
  });
  return { agent: agentObject as AiSdkAgent, warnings, close: () => executor.close() };
}
