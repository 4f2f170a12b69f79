import {
  A2A_AGENTS, EMITTED_TRANSFORMS, INTERPRETED_LATER_NODES, MCP_TOOLBOXES, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, MTLS_TRANSPORTS_NOT_EMITTED, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents, TRANSFORMS_AND_DATASTORES, type Capabilities,
} from '@agentspec/runtime';

/** What the OpenAI Agents runtime, compiler and emitter take and refuse (DESIGN §2.1), read by `admit()`. */
export const OPENAI_AGENTS_CAPABILITIES = {
  runtime: {
    by: 'the openai-agents runtime', action: 'run', roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS, 'A2AAgent'], runs: [...INTERPRETED_LATER_NODES, ...MCP_TOOLBOXES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS],
    refuses: { ...remoteAgents('the openai-agents runtime'), ...OCI_GENAI_UNLESS_OVERRIDE },
  },
  compile: { by: 'the OpenAI Agents compiler', action: 'compile', roots: ['Agent'], rootHint: 'run Flows with openaiAgentsRuntime()', refuses: OCI_GENAI_UNLESS_OVERRIDE },
  // OciGenAiConfig is emitted: the module asks for llm.baseURL
  emit: {
    by: 'the OpenAI Agents emitter',
    action: 'emit',
    roots: ['Agent'],
    rootHint: 'Flows run on openaiAgentsRuntime() (the reference interpreter with the SDK\'s models); emit a Flow with --target langgraph or mastra',
    // message transforms are emitted with their caches in memory: a PostgresDatabaseDatastore stays refused
    runs: EMITTED_TRANSFORMS,
    refuses: MTLS_TRANSPORTS_NOT_EMITTED,
  },
} as const satisfies { readonly runtime: Capabilities; readonly compile: Capabilities; readonly emit: Capabilities };
