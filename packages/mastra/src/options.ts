import type { LlmConfig } from '@agentspec/core';
import { DEFAULT_PARALLELISM, type AgentTransforms, type LlmOptions, type NetworkPolicy, type RuntimeLimits, type ToolRegistry } from '@agentspec/runtime';
import type { MastraModelConfig } from '@mastra/core/llm';

/** Options of `compileMastra`: what the compiled agents and workflows are bound to. */
export interface CompileMastraOptions {
  /** ServerTool implementations by tool name (never taken from the spec). */
  readonly tools?: ToolRegistry;
  /** Where LLM configs send their requests (`override` points every config at one endpoint). */
  readonly llm?: LlmOptions;
  /** `maxSteps` (node executions), `maxAgentSteps` (LLM turns per agent run), `mapConcurrency`, `parallelism`, `http`. */
  readonly limits?: RuntimeLimits;
  /** Hosts templated URLs may reach, commands MCP stdio servers may run. */
  readonly network?: NetworkPolicy;
  /**
   * How an agent with outputs finishes: `submit_result` (default, DESIGN §4.2:
   * a synthetic tool whose parameters are the outputs) or `native` (Mastra's
   * `structuredOutput` with the JSON Schema of the outputs; the agent then
   * never hands the turn back to the user).
   */
  readonly structuredOutput?: 'submit_result' | 'native';
  /**
   * `structured` (default): Mastra control flow (`.then`, `.branch`,
   * `.dountil`, nested workflows, `.foreach`), falling back to a dispatcher
   * loop with a warning for graphs that need it; `dispatcher`: always the
   * dispatcher loop.
   */
  readonly controlFlow?: 'structured' | 'dispatcher';
  /**
   * The model of every LLM config, instead of an OpenAI-compatible model at
   * its endpoint: any Mastra model (an AI SDK model, a model router id such
   * as `'openai/gpt-4o'`), or a function of the config.
   */
  readonly model?: MastraModelConfig | ((config: LlmConfig) => MastraModelConfig);
  /**
   * The message transforms of the spec's agents, opened (`openTransforms(spec)`
   * of @agentspec/runtime; close them when done): required when an agent has
   * transforms. Each such agent's model applies them to every prompt.
   */
  readonly transforms?: AgentTransforms;
}

/** The limits with their defaults (DESIGN §4.2). */
export interface ResolvedLimits {
  readonly maxSteps: number;
  readonly maxAgentSteps: number;
  readonly mapConcurrency: number;
  /** ParallelMapNode iterations and ParallelFlowNode subflows run at once at most. */
  readonly parallelism: number;
  readonly http: { readonly timeoutMs?: number; readonly retries?: number };
}

export function resolveLimits(limits: RuntimeLimits = {}): ResolvedLimits {
  return {
    maxSteps: limits.maxSteps ?? 1000,
    maxAgentSteps: limits.maxAgentSteps ?? 20,
    mapConcurrency: Math.max(1, limits.mapConcurrency ?? 1),
    parallelism: Math.max(1, Math.floor(limits.parallelism ?? DEFAULT_PARALLELISM) || 1),
    http: limits.http ?? {},
  };
}
