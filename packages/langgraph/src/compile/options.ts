import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import type { LlmConfig } from '@agentspec/core';
import type { AdapterWarning, AgentTransforms, CompiledProgram, LlmOptions, NetworkPolicy, RuntimeLimits, ToolRegistry } from '@agentspec/runtime';
import type { GraphBuilder, LangGraph } from './graph-types.js';

/** Options of {@link compileLangGraph}. */
export interface CompileLangGraphOptions {
  /** ServerTool implementations by tool name (never taken from the spec). A ServerTool without one is AS_MISSING_TOOL. */
  readonly tools?: ToolRegistry;
  /** Where LLM configs send their requests (`override`, `apiKey`, `timeoutMs`, `retries`). */
  readonly llm?: LlmOptions;
  /** `maxSteps` (the graph's recursion limit), `maxAgentSteps`, `mapConcurrency`, `parallelism` (the `maxConcurrency` of graphs with a fan-out), `http`. */
  readonly limits?: RuntimeLimits;
  /** Hosts a templated URL may reach, MCP stdio commands that may start. */
  readonly network?: NetworkPolicy;
  /** Passed to `StateGraph.compile()`; needed for interrupts (InputMessageNode, ClientTools, confirmations). */
  readonly checkpointer?: BaseCheckpointSaver | false;
  /**
   * The chat model of an LLM config (default: `ChatOpenAI` on the config's
   * endpoint). For other providers, or an in-process model in tests and benchmarks.
   */
  readonly chatModel?: (config: LlmConfig) => BaseChatModel;
  /**
   * The message transforms of the spec's agents, opened (`openTransforms(spec)`
   * of @agentspec/runtime: their datastores stay open until you close them):
   * required when an agent has transforms. The model node applies them before
   * each LLM call; the cache key is `configurable.agentspec_conversation`,
   * else the thread id.
   */
  readonly transforms?: AgentTransforms;
}

/** Something of the spec the graph does not represent exactly (the one warning type of @agentspec/runtime). */
export type CompileWarning = AdapterWarning;

/** What {@link compileLangGraph} returns: LangGraph's own objects, and what to know about them. */
export interface CompiledLangGraph extends CompiledProgram {
  /** The compiled graph: `invoke`, `stream`, `getState`, `getGraph()`, checkpointing. */
  readonly graph: LangGraph;
  /** The `StateGraph` it was compiled from (compile it again with other options, inspect its nodes and edges). */
  readonly builder: GraphBuilder;
  readonly warnings: readonly CompileWarning[];
  /** Release what node bodies hold open (MCP connections). */
  close(): Promise<void>;
}
