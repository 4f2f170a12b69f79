import type { LaterComponentType } from '@agentspec/core';
import {
  A2A_AGENTS, GENERIC_LLM_CONFIG, HOSTED_TOOLS, MCP_TOOLBOXES, MTLS_TRANSPORTS_NOT_EMITTED, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents, TRANSFORMS_AND_DATASTORES, type BuiltinToolSupport, type Capabilities,
} from '@agentspec/runtime';

const REMOTE = remoteAgents('Mastra');

/** The nodes of later Agent Spec versions compiled into Mastra workflows: `.parallel`, `.foreach`, a caught nested workflow. */
const LATER_NODES = ['ParallelFlowNode', 'ParallelMapNode', 'CatchExceptionNode'] as const satisfies readonly LaterComponentType[];

/** The built-in tools it runs: every hosted tool of OpenAI's Responses API (HOSTED_TOOLS), as provider tools of the AI SDK model. */
const BUILTIN_TOOLS: BuiltinToolSupport = { toolTypes: Object.keys(HOSTED_TOOLS), executor: 'mastra' };

/** What the Mastra runtime, compiler and emitter take and refuse (DESIGN §2.1), read by `admit()`. */
export const MASTRA_CAPABILITIES = {
  // Swarms and ManagerWorkers run as Mastra Agents (members whose tools stop the run for the caller: on the shared semantics with Mastra's models); SpecializedAgents compile as their Agents
  runtime: {
    by: 'the Mastra runtime', action: 'run', roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS, 'A2AAgent'], runs: [...LATER_NODES, ...MCP_TOOLBOXES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS, ...GENERIC_LLM_CONFIG],
    builtinTools: BUILTIN_TOOLS,
    refuses: { ...REMOTE, ...OCI_GENAI_UNLESS_OVERRIDE },
  },
  // Swarms and ManagerWorkers compile into Mastra Agents whose tools stand for the other agents
  compile: {
    by: 'the Mastra compiler', action: 'compile', roots: ['Agent', 'Flow', 'Swarm', 'ManagerWorkers'], runs: [...LATER_NODES, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS, ...MULTI_AGENT_COMPONENTS, ...GENERIC_LLM_CONFIG],
    builtinTools: BUILTIN_TOOLS, refuses: { ...REMOTE, ...OCI_GENAI_UNLESS_OVERRIDE },
  },
  emit: {
    by: 'the Mastra emitter',
    action: 'emit',
    roots: ['Agent', 'Flow'],
    // an A2AAgent in an AgentNode: the flow steps of @agentspec/mastra run it with the A2A client of @agentspec/runtime
    runs: [...LATER_NODES, ...A2A_AGENTS],
    refuses: {
      ...REMOTE,
      ...MTLS_TRANSPORTS_NOT_EMITTED,
      OciGenAiConfig: {
        reason: 'OCI Generative AI, for which the emitted module has no provider',
        hint: 'point the spec at an OpenAI-compatible endpoint, or run it with mastraRuntime() and llm.override',
      },
    },
  },
} as const satisfies { readonly runtime: Capabilities; readonly compile: Capabilities; readonly emit: Capabilities };
