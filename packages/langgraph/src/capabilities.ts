import type { LaterComponentType } from '@agentspec/core';
import { RESERVED_STATE_KEYS } from './constants.js';
import {
  A2A_AGENTS, EMITTED_TRANSFORMS, GENERIC_LLM_CONFIG, HOSTED_TOOLS, MCP_TOOLBOXES, MTLS_TRANSPORTS_NOT_EMITTED, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents, TRANSFORMS_AND_DATASTORES, type BuiltinToolSupport, type Capabilities,
} from '@agentspec/runtime';

const REMOTE = remoteAgents('LangGraph');
/** Flow and agent inputs and outputs are state keys of their graphs: they cannot take the names of its own channels. */
const STATE_KEYS = { names: [...RESERVED_STATE_KEYS], reason: 'a state key the LangGraph graph keeps for itself', hint: 'rename that input or output' };

/**
 * The nodes of later Agent Spec versions the compiled graphs run, natively:
 * ParallelFlowNode (a branch per subflow in one step), ParallelMapNode (a
 * `Send` per iteration), CatchExceptionNode (the subflow, its failure routed
 * to `caught_exception_branch`).
 */
export const LANGGRAPH_LATER_NODES = ['ParallelFlowNode', 'ParallelMapNode', 'CatchExceptionNode'] as const satisfies readonly LaterComponentType[];

/** The built-in tools it runs: every hosted tool of OpenAI's Responses API (HOSTED_TOOLS), bound to ChatOpenAI's Responses API. */
const BUILTIN_TOOLS: BuiltinToolSupport = { toolTypes: Object.keys(HOSTED_TOOLS), executor: 'langgraph' };

/** What the LangGraph runtime, compiler and emitter take and refuse (DESIGN §2.1), read by `admit()`. */
export const LANGGRAPH_CAPABILITIES = {
  // Swarms compile to swarm graphs, ManagerWorkers to supervisor graphs, SpecializedAgents to the Agents they stand for
  runtime: {
    by: 'the LangGraph runtime', action: 'run', roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS, 'A2AAgent'], runs: [...LANGGRAPH_LATER_NODES, ...MCP_TOOLBOXES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS, ...GENERIC_LLM_CONFIG],
    builtinTools: BUILTIN_TOOLS,
    refuses: { ...REMOTE, ...OCI_GENAI_UNLESS_OVERRIDE }, reservedNames: STATE_KEYS,
  },
  compile: { by: 'the LangGraph compiler', action: 'compile', roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS], runs: [...LANGGRAPH_LATER_NODES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS, ...GENERIC_LLM_CONFIG], builtinTools: BUILTIN_TOOLS, refuses: { ...REMOTE, ...OCI_GENAI_UNLESS_OVERRIDE }, reservedNames: STATE_KEYS },
  emit: {
    by: 'the LangGraph emitter',
    action: 'emit',
    roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS],
    runs: [...LANGGRAPH_LATER_NODES, ...MULTI_AGENT_COMPONENTS, ...EMITTED_TRANSFORMS, ...A2A_AGENTS],
    refuses: {
      ...REMOTE,
      ...MTLS_TRANSPORTS_NOT_EMITTED,
      OciGenAiConfig: { reason: 'OCI Generative AI, which an emitted module cannot reach', hint: 'point it at an OpenAI-compatible endpoint' },
    },
    reservedNames: STATE_KEYS,
  },
} as const satisfies { readonly runtime: Capabilities; readonly compile: Capabilities; readonly emit: Capabilities };
