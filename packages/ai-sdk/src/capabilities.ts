import {
  A2A_AGENTS, EMITTED_TRANSFORMS, GENERIC_LLM_CONFIG, HOSTED_TOOLS, INTERPRETED_LATER_NODES, MCP_TOOLBOXES, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, MTLS_TRANSPORTS_NOT_EMITTED, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents,
  TRANSFORMS_AND_DATASTORES, type BuiltinToolSupport, type Capabilities,
} from '@agentspec/runtime';

const FLOWS_RUN = 'run Flows with aiSdkRuntime(), which interprets them with LLM steps on the AI SDK';

/** The built-in tools it runs: every hosted tool of OpenAI's Responses API (HOSTED_TOOLS), as the framework's own. */
const BUILTIN_TOOLS: BuiltinToolSupport = { toolTypes: Object.keys(HOSTED_TOOLS), executor: 'ai-sdk' };

/** What the AI SDK runtime, compiler and emitter take and refuse (DESIGN §2.1), read by `admit()`. */
export const AI_SDK_CAPABILITIES = {
  runtime: {
    by: 'the AI SDK runtime', action: 'run', roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS, 'A2AAgent'], runs: [...INTERPRETED_LATER_NODES, ...MCP_TOOLBOXES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS, ...GENERIC_LLM_CONFIG],
    builtinTools: BUILTIN_TOOLS,
    refuses: { ...remoteAgents('the AI SDK runtime'), ...OCI_GENAI_UNLESS_OVERRIDE },
  },
  compile: { by: 'the AI SDK compiler', action: 'compile', roots: ['Agent'], runs: GENERIC_LLM_CONFIG, builtinTools: BUILTIN_TOOLS, rootHint: FLOWS_RUN, refuses: OCI_GENAI_UNLESS_OVERRIDE },
  // OciGenAiConfig is emitted with a warning: the module asks for llm.baseURL
  // message transforms are emitted with their caches in memory: a PostgresDatabaseDatastore (and its TLS config) stays refused
  // Swarms and ManagerWorkers are emitted as ToolLoopAgents and their control flow; a SpecializedAgent as the Agent it stands for
  emit: { by: 'the AI SDK emitter', action: 'emit', roots: ['Agent', ...MULTI_AGENT_ROOTS], rootHint: FLOWS_RUN, runs: [...EMITTED_TRANSFORMS, ...MULTI_AGENT_COMPONENTS], refuses: MTLS_TRANSPORTS_NOT_EMITTED },
} as const satisfies { readonly runtime: Capabilities; readonly compile: Capabilities; readonly emit: Capabilities };
