import type { LlmConfig, Property } from '@agentspec/core';

/**
 * Marks on the functions and objects compileAiSdk puts in a ToolLoopAgent,
 * so that importAiSdk recognises them (a step limit, the submit_result stop
 * condition, the speak-first prepareCall) instead of reporting them as
 * custom code it cannot represent.
 */
const MARK = Symbol.for('agentspec.ai-sdk.mark');

export type Mark =
  | { readonly kind: 'step-count'; readonly steps: number }
  | { readonly kind: 'submit-result' }
  | { readonly kind: 'speak-first' }
  /** Added by aiSdkRuntime to enforce the runtime's semantics (failures, step budget, events). */
  | { readonly kind: 'runtime' };

export function mark<T extends object>(value: T, m: Mark): T {
  Object.defineProperty(value, MARK, { value: m, enumerable: false });
  return value;
}

export function markOf(value: unknown): Mark | undefined {
  return (typeof value === 'function' || (typeof value === 'object' && value !== null)) ? (value as { [MARK]?: Mark })[MARK] : undefined;
}

/** What a ToolLoopAgent cannot hold of the Agent it was compiled from: the system prompt template (its `instructions` are rendered) and the inputs. */
export interface AgentSource {
  readonly system_prompt: string;
  readonly inputs: readonly Property[];
  /** The LLM config's `retry_policy` (Agent Spec 26.1.2): applied by the model's fetch, which shows none of it. */
  readonly retry_policy?: unknown;
  /** A generic LlmConfig (Agent Spec 26.1.2): its model is an OpenAI-compatible one, which shows neither its kind nor its provider fields. */
  readonly llm_config?: LlmConfig;
}

const SOURCE = Symbol.for('agentspec.ai-sdk.source');

export function attachSource<T extends object>(agent: T, source: AgentSource): T {
  Object.defineProperty(agent, SOURCE, { value: source, enumerable: false });
  return agent;
}

export function sourceOf(agent: unknown): AgentSource | undefined {
  return typeof agent === 'object' && agent !== null ? (agent as { [SOURCE]?: AgentSource })[SOURCE] : undefined;
}
