import {
  A2A_AGENTS, EMITTED_TRANSFORMS, GENERIC_LLM_CONFIG, HOSTED_TOOLS, INTERPRETED_LATER_NODES, MCP_TOOLBOXES, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, MTLS_TRANSPORTS_NOT_EMITTED, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents, TRANSFORMS_AND_DATASTORES, type BuiltinToolSupport, type Capabilities,
} from '@agentspec/runtime';

/** The built-in tools it runs: every hosted tool of OpenAI's Responses API (HOSTED_TOOLS), as the framework's own. */
const BUILTIN_TOOLS: BuiltinToolSupport = { toolTypes: Object.keys(HOSTED_TOOLS), executor: 'openai-agents' };

/** What the OpenAI Agents runtime, compiler and emitter take and refuse (DESIGN §2.1), read by `admit()`. */
export const OPENAI_AGENTS_CAPABILITIES = {
  runtime: {
    by: 'the openai-agents runtime', action: 'run', roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS, 'A2AAgent'], runs: [...INTERPRETED_LATER_NODES, ...MCP_TOOLBOXES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS, ...GENERIC_LLM_CONFIG],
    builtinTools: BUILTIN_TOOLS,
    refuses: { ...remoteAgents('the openai-agents runtime'), ...OCI_GENAI_UNLESS_OVERRIDE },
  },
  compile: { by: 'the OpenAI Agents compiler', action: 'compile', roots: ['Agent'], runs: GENERIC_LLM_CONFIG, builtinTools: BUILTIN_TOOLS, rootHint: 'run Flows with openaiAgentsRuntime()', refuses: OCI_GENAI_UNLESS_OVERRIDE },
  // OciGenAiConfig is emitted: the module asks for llm.baseURL
  emit: {
    by: 'the OpenAI Agents emitter',
    action: 'emit',
    roots: ['Agent', ...MULTI_AGENT_ROOTS],
    rootHint: 'Flows run on openaiAgentsRuntime() (the reference interpreter with the SDK\'s models); emit a Flow with --target langgraph or mastra',
    // message transforms are emitted with their caches in memory: a PostgresDatabaseDatastore stays refused;
    // Swarms and ManagerWorkers as SDK agents with handoffs and agent tools, SpecializedAgents merged
    runs: [...EMITTED_TRANSFORMS, ...MULTI_AGENT_COMPONENTS],
    refuses: MTLS_TRANSPORTS_NOT_EMITTED,
  },
} as const satisfies { readonly runtime: Capabilities; readonly compile: Capabilities; readonly emit: Capabilities };
