import type { Agent as SpecAgent, Component, ManagerWorkers, Swarm } from '@agentspec/core';
import type { Agent, AgentOutputType, CallModelInputFilter } from '@openai/agents';
import type { AdapterWarning, CompiledProgram, ImportedComponent, LlmMessage, LlmOptions, McpConnections, NetworkPolicy, RuntimeLimits, ToolRegistry } from '@agentspec/runtime';

/** Something of the spec (or of the SDK object, when importing) that did not carry over exactly (the one warning type of @agentspec/runtime). */
export type CompileWarning = AdapterWarning;

/** How an agent with outputs finishes. */
export type StructuredOutputMode = 'submit_result' | 'native';

export interface CompileOptions {
  /** ServerTool implementations by tool name (never taken from the spec). */
  readonly tools?: ToolRegistry;
  /** Where the LLM configs send their requests (`override`, `apiKey`, `timeoutMs`, `retries`). */
  readonly llm?: LlmOptions;
  /** Values of the agent's inputs, rendered into the instructions (defaults fill the rest). */
  readonly inputs?: Readonly<Record<string, unknown>>;
  /**
   * `submit_result` (default): a synthetic tool whose valid call ends the run (DESIGN §4.2);
   * `native`: the SDK's `outputType` with a JSON Schema of the outputs.
   */
  readonly structuredOutput?: StructuredOutputMode;
  /** `maxAgentSteps` becomes `runOptions.maxTurns`; `http` applies to RemoteTools. */
  readonly limits?: RuntimeLimits;
  /** Hosts templated RemoteTool URLs may reach; commands MCP stdio transports may start. */
  readonly network?: NetworkPolicy;
  /** MCP connections for MCPTools (default: new ones, released by the result's `close()`). */
  readonly mcp?: McpConnections;
  /** Export traces to OpenAI (default false: `setTracingDisabled(true)` is called). */
  readonly tracing?: boolean;
  /**
   * For an agent with message transforms built by the `build` option (an emitted module, which applies them itself):
   * the session's conversation id and the runtime's traced summarizer. compileOpenAiAgents leaves the transforms to the runtime.
   */
  readonly transformHooks?: TransformHooks;
}

/** How the runtime takes part in the message transforms of an agent that applies them itself. */
export interface TransformHooks {
  /** The session's conversation id (the key of cached summaries). */
  readonly conversationId: () => string | undefined;
  /** One summary of the transform `transform`: the runtime's LLM backend on the transform's LLM config, traced in the agent's span. */
  readonly summarize: (transform: string, messages: readonly LlmMessage[]) => Promise<string>;
}

/** What a compile returns next to the SDK agent. */
export interface CompileResult<TAgent> extends CompiledProgram {
  readonly agent: TAgent;
  readonly warnings: readonly CompileWarning[];
  /**
   * Options to spread into `run(agent, input, { ...runOptions })`: `maxTurns` from `limits.maxAgentSteps`; an emitted
   * module with message transforms adds its `callModelInputFilter` (the runtime then applies none of its own).
   */
  readonly runOptions: { readonly maxTurns: number; readonly callModelInputFilter?: CallModelInputFilter };
  /** Release the MCP connections the compile opened (none when `mcp` was given). */
  close(): Promise<void>;
}

export interface OpenAiAgentsRuntimeOptions {
  /** How agents with outputs finish (default `submit_result`). */
  readonly structuredOutput?: StructuredOutputMode;
  /** Export traces to OpenAI (default false). */
  readonly tracing?: boolean;
  /**
   * Builds the SDK agent of an Agent in place of compileOpenAiAgents: e.g.
   * the `build()` of a module written by emitOpenAiAgents (`agentspec compile
   * --target openai-agents`). Called once per session (with its `inputs`) and
   * on resume; the sessions drive what it returns exactly as a compiled agent
   * (its runs take `runOptions.maxTurns`); its `close()` is called when the
   * session finishes (load option `retainFinished`) or by `app.close()`. Errors it throws with an Agent Spec `code` (`AS_…`) are
   * reported with that code.
   */
  readonly build?: AgentCompile;
  /**
   * Builds the SDK agents of a Swarm or ManagerWorkers in place of the runtime's own wiring: e.g. the `build()` of a
   * module written by emitOpenAiAgents for it. Called once per session (and on resume) with the Swarm or ManagerWorkers
   * as loaded (SpecializedAgents merged) and the options of its members' compile; each user turn is one run from the
   * agent owning the conversation, as for the groups the runtime wires itself. The groups it takes are those it runs
   * natively (chat agents whose runs do not pause, no outputs), a Swarm of any handoff mode; their `close()` is called by
   * `app.close()`.
   */
  readonly buildGroup?: GroupCompile;
}

/**
 * What a group's build gives its `ask` for one call of a tool standing for an agent (a worker, a send_message
 * recipient): the asked agent (`id` in the spec, `agent` to run), the tool called, the call's `message` and `callId`,
 * the asked run's `depth` (1 under the agent owning the conversation; its `context.askDepth`) and the `caller` run's context.
 */
export type AskRequest = Readonly<{ id: string; agent: Agent<unknown, AgentOutputType>; tool: string; message: string; callId: string; depth: number; caller: object }>;

/** What `openaiAgentsRuntime({ buildGroup })` passes besides the compile options: the limits and the runtime's runs of asked agents. */
export interface GroupCompileOptions extends CompileOptions {
  /** `limits.maxHandoffs` (default 10). */
  readonly maxHandoffs: number;
  /** Runs an asked agent (traced in the session's spans, with `context.askDepth`), its answer the tool's result. */
  readonly ask: (request: AskRequest) => Promise<string>;
}

/** What a group build returns: the agent a conversation starts with, and every agent by Agent Spec id. */
export interface CompiledGroup extends Omit<CompileResult<Agent<unknown, AgentOutputType>>, 'runOptions'> {
  readonly agents: Readonly<Record<string, Agent<unknown, AgentOutputType>>>;
  readonly runOptions: { readonly maxTurns: number };
}

/** What `openaiAgentsRuntime({ buildGroup })` takes. */
export type GroupCompile = (group: Swarm | ManagerWorkers, options: GroupCompileOptions) => CompiledGroup | Promise<CompiledGroup>;

/**
 * What `openaiAgentsRuntime({ build })` takes: the options are those the runtime would give compileOpenAiAgents;
 * `given` is the component as loaded (a SpecializedAgent, which `agent` is merged from; or `agent` itself).
 */
export type AgentCompile = (
  agent: SpecAgent,
  options: CompileOptions,
  given: Component,
) => CompileResult<Agent<unknown, AgentOutputType>> | Promise<CompileResult<Agent<unknown, AgentOutputType>>>;

export interface ImportOptions {
  /** Id of the imported component (default: derived from the agent's name; a Swarm's `<id>_swarm`, a ManagerWorkers' `<id>_team`). */
  readonly id?: string;
  /**
   * Base URL of a Chat Completions model whose endpoint cannot be read from
   * the SDK object (a model not made by this package).
   */
  readonly baseUrl?: string;
  /** Model name for such a model. */
  readonly modelId?: string;
  /** Names of function tools to import as ClientTools (the caller answers them) rather than ServerTools. */
  readonly clientTools?: readonly string[];
  /**
   * The file the agent was loaded from (the CLI passes it): when that program
   * has its own copy of the SDK, what the SDK records about its tools (which
   * agent an `asTool()` tool runs, whether an approval is a function) is read
   * from that copy.
   */
  readonly modulePath?: string;
}

export interface ImportResult extends ImportedComponent {
  readonly component: Component;
  readonly warnings: readonly CompileWarning[];
  /**
   * Implementations of the imported ServerTools, calling the SDK tools'
   * `invoke`, for the `tools` option of any runtime.
   */
  readonly tools: ToolRegistry;
  /** Agents run by agent tools kept as ServerTools (an `asTool()` of a Swarm member or of a worker), imported too, by their agent id. */
  readonly related: Readonly<Record<string, Component>>;
}
