import {
  A2A_AGENTS, EMITTED_TRANSFORMS, INTERPRETED_LATER_NODES, MCP_TOOLBOXES, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, MTLS_TRANSPORTS_NOT_EMITTED, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents,
  TRANSFORMS_AND_DATASTORES, type Capabilities,
} from '@agentspec/runtime';

const FLOWS_RUN = 'run Flows with aiSdkRuntime(), which interprets them with LLM steps on the AI SDK';

/** What the AI SDK runtime, compiler and emitter take and refuse (DESIGN §2.1), read by `admit()`. */
export const AI_SDK_CAPABILITIES = {
  runtime: {
    by: 'the AI SDK runtime', action: 'run', roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS, 'A2AAgent'], runs: [...INTERPRETED_LATER_NODES, ...MCP_TOOLBOXES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS],
    refuses: { ...remoteAgents('the AI SDK runtime'), ...OCI_GENAI_UNLESS_OVERRIDE },
  },
  compile: { by: 'the AI SDK compiler', action: 'compile', roots: ['Agent'], rootHint: FLOWS_RUN, refuses: OCI_GENAI_UNLESS_OVERRIDE },
  // OciGenAiConfig is emitted with a warning: the module asks for llm.baseURL
  // message transforms are emitted with their caches in memory: a PostgresDatabaseDatastore (and its TLS config) stays refused
  emit: { by: 'the AI SDK emitter', action: 'emit', roots: ['Agent'], rootHint: FLOWS_RUN, runs: EMITTED_TRANSFORMS, refuses: MTLS_TRANSPORTS_NOT_EMITTED },
} as const satisfies { readonly runtime: Capabilities; readonly compile: Capabilities; readonly emit: Capabilities };
