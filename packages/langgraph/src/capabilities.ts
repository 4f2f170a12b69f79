import { MTLS_TRANSPORTS_NOT_EMITTED, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents, type Capabilities } from '@agentspec/runtime';

const REMOTE = remoteAgents('LangGraph');

/** What the LangGraph runtime, compiler and emitter take and refuse (DESIGN §2.1), read by `admit()`. */
export const LANGGRAPH_CAPABILITIES = {
  runtime: { by: 'the LangGraph runtime', action: 'run', roots: ['Agent', 'Flow'], refuses: { ...REMOTE, ...OCI_GENAI_UNLESS_OVERRIDE } },
  compile: { by: 'the LangGraph compiler', action: 'compile', roots: ['Agent', 'Flow'], refuses: { ...REMOTE, ...OCI_GENAI_UNLESS_OVERRIDE } },
  emit: {
    by: 'the LangGraph emitter',
    action: 'emit',
    roots: ['Agent', 'Flow'],
    refuses: {
      ...REMOTE,
      ...MTLS_TRANSPORTS_NOT_EMITTED,
      OciGenAiConfig: { reason: 'OCI Generative AI, which an emitted module cannot reach', hint: 'point the spec at an OpenAI-compatible endpoint' },
    },
  },
} as const satisfies { readonly runtime: Capabilities; readonly compile: Capabilities; readonly emit: Capabilities };
