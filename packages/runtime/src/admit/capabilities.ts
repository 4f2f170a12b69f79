import type { ComponentType, LaterComponentType } from '@agentspec/core';

/** Why a runtime (compiler, emitter) does not run a built-in component type. */
export interface Refusal {
  /** What is missing, in a few words, after "cannot …: " (e.g. `a remote agent, which has no client here`). */
  readonly reason: string;
  /** What the user can do instead. */
  readonly hint?: string;
  /** It runs after all when every LLM request goes elsewhere: `llm.override`, or a model given to the runtime. */
  readonly unlessLlmOverride?: true;
}

/**
 * What a runtime, a compiler or an emitter takes, as data (DESIGN §2.1): the
 * root types it accepts and the built-in component types it refuses, each
 * with its reason. Components this library does not type (a later version's,
 * a plugin's) are refused by every one of them. `admit()` reads it.
 */
export interface Capabilities {
  /** Who refuses, for messages: `the reference runtime`, `the LangGraph emitter`. */
  readonly by: string;
  /** What it does with a root: `run`, `compile`, `emit`. */
  readonly action: 'run' | 'compile' | 'emit';
  /** The component types it takes as the root (built-in ones, and later ones it `runs`). */
  readonly roots: readonly (ComponentType | LaterComponentType)[];
  /** What to do with another root (default: take one of `roots`). */
  readonly rootHint?: string;
  /** Types of later Agent Spec versions it runs (every other component this library does not type is refused). */
  readonly runs?: readonly LaterComponentType[];
  /** Built-in types it does not run, wherever they are in the tree. */
  readonly refuses: Readonly<Partial<Record<ComponentType, Refusal>>>;
  /** Input and output names of Agents and Flows it cannot take (names its framework uses itself), with why. */
  readonly reservedNames?: { readonly names: readonly string[]; readonly reason: string; readonly hint?: string };
}

/** The nodes of later versions the reference interpreter runs — on every runtime that runs flows with it. */
export const INTERPRETED_LATER_NODES = ['ParallelFlowNode', 'ParallelMapNode', 'CatchExceptionNode'] as const satisfies readonly LaterComponentType[];

/**
 * The multi-agent components of Agent Spec 25.4.2 the reference interpreter runs — as roots too — on every runtime that runs
 * them with it or natively: Swarm, ManagerWorkers, SpecializedAgent (with its AgentSpecializationParameters).
 */
export const MULTI_AGENT_COMPONENTS = ['Swarm', 'ManagerWorkers', 'SpecializedAgent', 'AgentSpecializationParameters'] as const satisfies readonly LaterComponentType[];

/** The multi-agent types a runtime takes as its root. */
export const MULTI_AGENT_ROOTS = ['Swarm', 'ManagerWorkers', 'SpecializedAgent'] as const satisfies readonly LaterComponentType[];

/**
 * The toolboxes of Agent Spec 25.4.2 every runtime runs: `load()` lists their tools with `resolveToolboxes` (an MCPToolSpec
 * is an entry of a toolbox's `tool_filter`). Compilers and emitters take a spec whose toolboxes were resolved.
 */
export const MCP_TOOLBOXES = ['MCPToolBox', 'MCPToolSpec'] as const satisfies readonly LaterComponentType[];

/**
 * The message transforms of Agent Spec 26.1.2 and the datastores of their caches every runtime runs: `load()` opens them
 * with `openTransforms`, and each runtime applies them before every LLM call of an agent.
 */
export const TRANSFORMS_AND_DATASTORES = [
  'MessageSummarizationTransform', 'ConversationSummarizationTransform', 'InMemoryCollectionDatastore', 'PostgresDatabaseDatastore',
  'TlsPostgresDatabaseConnectionConfig',
] as const satisfies readonly LaterComponentType[];

/**
 * The transforms an emitter writes into its module (the summarization snippet of @agentspec/runtime/emit), with their
 * caches in memory: an InMemoryCollectionDatastore. A PostgresDatabaseDatastore is not emitted (the module would need a
 * database client and its own TLS rules): admission refuses it as a component the emitter does not take.
 */
export const EMITTED_TRANSFORMS = ['MessageSummarizationTransform', 'ConversationSummarizationTransform', 'InMemoryCollectionDatastore'] as const satisfies readonly LaterComponentType[];

/**
 * A2AAgent (25.4.2) and its connection config: every runtime runs it, as a root and in an AgentNode, with the A2A client
 * of @agentspec/runtime (`a2aConnection`; no framework here has an A2A client of its own).
 */
export const A2A_AGENTS = ['A2AAgent', 'A2AConnectionConfig'] as const satisfies readonly LaterComponentType[];

/** Later-version components no runtime runs for want of a client, with why and what to do instead (admit() reports these). */
export const NO_CLIENT_HERE: Readonly<Partial<Record<LaterComponentType, Refusal>>> = {
  OracleDatabaseDatastore: {
    reason: 'an Oracle Database datastore, and no Oracle Database client (node-oracledb) is available here',
    hint: 'use a PostgresDatabaseDatastore (or an InMemoryCollectionDatastore for development) with the same datastore_schema',
  },
};

const remoteAgent = (by: string): Refusal => ({
  reason: 'a remote agent, which has no client here',
  hint: `run the agent it stands for as an Agent, or run it where its service is reachable; ${by} does not call remote agents`,
});

/** OpenAiAgent and OciAgent: agents run by a remote service. */
export function remoteAgents(by: string): Readonly<Partial<Record<ComponentType, Refusal>>> {
  return { OpenAiAgent: remoteAgent(by), OciAgent: remoteAgent(by) };
}

/** OCI Generative AI: no provider package is available; runs only when its requests go to `llm.override` (or a model given). */
export const OCI_GENAI_UNLESS_OVERRIDE: Readonly<Partial<Record<ComponentType, Refusal>>> = {
  OciGenAiConfig: {
    reason: 'OCI Generative AI needs the OCI provider package, which is not available',
    hint: 'point it at an OpenAI-compatible endpoint with llm.override, or give the runtime a model',
    unlessLlmOverride: true,
  },
};

/** MCP transports with client certificates, which emitted modules do not open. */
export const MTLS_TRANSPORTS_NOT_EMITTED: Readonly<Partial<Record<ComponentType, Refusal>>> = {
  SSEmTLSTransport: {
    reason: 'an MCP transport with client certificates (mTLS), which the emitted module does not open',
    hint: 'use SSETransport or StreamableHTTPTransport (TLS without a client certificate), or run the spec with the runtime instead',
  },
  StreamableHTTPmTLSTransport: {
    reason: 'an MCP transport with client certificates (mTLS), which the emitted module does not open',
    hint: 'use SSETransport or StreamableHTTPTransport (TLS without a client certificate), or run the spec with the runtime instead',
  },
};
