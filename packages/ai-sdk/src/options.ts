import type { Agent, LlmConfig, ManagerWorkers, Swarm } from '@agentspec/core';
import type { AdapterWarning, LlmMessage, LlmOptions, NetworkPolicy, RuntimeLimits, ToolRegistry } from '@agentspec/runtime';
import type { LanguageModel, ModelMessage, OnToolExecutionEndCallback, PrepareStepFunction, StopCondition, ToolLoopAgent, ToolLoopAgentSettings, ToolSet } from 'ai';

/** How an agent with outputs finishes: the synthetic `submit_result` tool (default), or the AI SDK's `Output.object`. */
export type StructuredOutputMode = 'submit_result' | 'native';

/** A model for every LLM config (tests, benchmarks, a provider of your own), instead of the one built from the config. */
export type ModelOption = LanguageModel | ((config: LlmConfig) => LanguageModel);

/** Something of the spec (compile) or of the AI SDK object (import: `component` is its setting) not carried over exactly. */
export type AiSdkWarning = AdapterWarning;

export type CompileWarning = AiSdkWarning;
export type ImportWarning = AiSdkWarning;

export interface AiSdkCompileOptions {
  /** ServerTool implementations by tool name (never taken from the spec). */
  readonly tools?: ToolRegistry;
  /** Values of the agent's inputs, rendered into its instructions (inputs with a default may be left out). */
  readonly inputs?: Readonly<Record<string, unknown>>;
  /** Where the LLM config sends its requests (`override`, `apiKey`, `timeoutMs`, `retries`). */
  readonly llm?: LlmOptions;
  /** Use this model instead of the one built from the LLM config. */
  readonly model?: ModelOption;
  /** `submit_result` (default) or `native` (`Output.object`). */
  readonly structuredOutput?: StructuredOutputMode;
  /** LLM steps of one `generate`/`stream` call: `stopWhen: stepCountIs(maxSteps)` (default 20). */
  readonly maxSteps?: number;
  /** Network policy of RemoteTools and MCPTools (SSRF guard, stdio commands). */
  readonly network?: NetworkPolicy;
  /** Timeout and retries of RemoteTool HTTP calls. */
  readonly http?: RuntimeLimits['http'];
}

export interface AiSdkRuntimeOptions {
  /** How agents with outputs finish (default `submit_result`, as in the reference runtime). */
  readonly structuredOutput?: StructuredOutputMode;
  /** Use this model for every LLM config instead of the one built from it. */
  readonly model?: ModelOption;
  /**
   * Build the ToolLoopAgent of each agent session yourself instead of the
   * runtime compiling it — e.g. with the `build` of a module written by
   * `emitAiSdk` (`agentspec compile --target ai-sdk`). Flows are not affected.
   */
  readonly build?: AgentBuilder;
  /**
   * Run each Swarm and ManagerWorkers session on a group of your own instead
   * of the reference interpreter — e.g. the `build` of a module written by
   * `emitAiSdk` for the group. SpecializedAgents are Agents (see `build`).
   */
  readonly buildGroup?: GroupBuilder;
}

/**
 * What aiSdkRuntime adds to every agent it runs, for Agent Spec's semantics:
 * stop conditions to append (a failed tool or an invalid call, the step
 * budget) and callbacks to set (failed tools are recorded, a failure from an
 * approved call run at the start of a call stops it, errors are the session's
 * to report).
 */
export interface AgentHooks {
  readonly stopWhen: readonly StopCondition<ToolSet>[];
  readonly prepareStep: PrepareStepFunction<ToolSet>;
  readonly onToolExecutionEnd: OnToolExecutionEndCallback<ToolSet>;
  readonly onError: NonNullable<ToolLoopAgentSettings<never, ToolSet>['onError']>;
  /**
   * For an agent with message transforms (which the module applies itself, in its `prepareStep`): one summary, made by
   * the runtime's backend with the transform's LLM config and traced in the agent's span, instead of the module's own
   * generation.
   */
  readonly summarize?: (transform: string, messages: readonly LlmMessage[]) => Promise<string>;
  /** The session's conversation id (the key of the transforms' cached summaries), once a run has started. */
  readonly conversationId?: () => string | undefined;
}

/** The options aiSdkRuntime gives an {@link AgentBuilder}: compileAiSdk's, with the session's inputs resolved, and the hooks to add. */
export interface AgentBuildOptions extends AiSdkCompileOptions {
  /** The session's inputs, coerced, defaults filled in (render them into the instructions). */
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly hooks: AgentHooks;
}

/** What an {@link AgentBuilder} returns: the agent (like compileAiSdk's), and how to close what its tools opened. */
export interface AgentBuildResult {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly agent: ToolLoopAgent<never, any, any, any>;
  close?(): Promise<void>;
}

/** Builds the ToolLoopAgent of one agent session (called once per session, with its inputs). */
export type AgentBuilder = (agent: Agent, options: AgentBuildOptions) => AgentBuildResult | Promise<AgentBuildResult>;

export interface AiSdkBackendOptions extends LlmOptions {
  /** Use this model for every LLM config instead of the one built from it. */
  readonly model?: ModelOption;
}

export interface AiSdkImportOptions {
  /** Id of the Agent (default: the ToolLoopAgent's `id`, else `exportName`, else `agent`). */
  readonly id?: string;
  /** The name the program exports the agent or call settings under (the CLI passes it): the id of what has none. */
  readonly exportName?: string;
  /** Name of the Agent (default: its id). */
  readonly name?: string;
  /** Description of the Agent. */
  readonly description?: string;
}

/** Where a group is between calls: the agent owning the conversation (a Swarm's), the handoffs in a row without an answer to the user. */
export interface GroupState {
  readonly activeAgent?: string;
  readonly handoffs?: number;
}

/** What one call of a group added to the conversation: the messages of each agent that owned it, in order (`agent` is its id). */
export interface GroupTurn {
  readonly agent: string;
  readonly messages: readonly ModelMessage[];
}

/** A Swarm or ManagerWorkers built by a {@link GroupBuilder}: one `generate` per user turn, on the whole conversation. */
export interface GroupRunner {
  generate(call: { readonly messages: ModelMessage[]; readonly state?: GroupState; readonly abortSignal?: AbortSignal }): Promise<{ readonly turns: readonly GroupTurn[]; readonly state: GroupState }>;
}

/** The options aiSdkRuntime gives a {@link GroupBuilder}: an agent's, with the session's inputs (every member's, defaults filled in) and `limits.maxHandoffs`. */
export interface GroupBuildOptions extends AiSdkCompileOptions {
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly maxHandoffs: number;
  /** Added to every agent of the group (those asked by another included). */
  readonly hooks: AgentHooks;
}

/** What a {@link GroupBuilder} returns: the group, and how to close what its tools opened. */
export interface GroupBuildResult {
  readonly group: GroupRunner;
  close?(): Promise<void>;
}

/** Builds the group of one Swarm or ManagerWorkers session (SpecializedAgents among its members merged already). */
export type GroupBuilder = (group: Swarm | ManagerWorkers, options: GroupBuildOptions) => GroupBuildResult | Promise<GroupBuildResult>;
