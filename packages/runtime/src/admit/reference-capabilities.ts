import { A2A_AGENTS, GENERIC_LLM_CONFIG, INTERPRETED_LATER_NODES, MCP_TOOLBOXES, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, TRANSFORMS_AND_DATASTORES, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents, type Capabilities } from './capabilities.js';

/** What the reference interpreter runs: Agents, Flows, Swarms, ManagerWorkers and SpecializedAgents of every built-in component but remote agents and (without llm.override) OCI Generative AI. */
export const REFERENCE_CAPABILITIES: Capabilities = {
  by: 'the reference runtime',
  action: 'run',
  roots: ['Agent', 'Flow', ...MULTI_AGENT_ROOTS, 'A2AAgent'],
  runs: [...INTERPRETED_LATER_NODES, ...MCP_TOOLBOXES, ...MULTI_AGENT_COMPONENTS, ...TRANSFORMS_AND_DATASTORES, ...A2A_AGENTS, ...GENERIC_LLM_CONFIG],
  refuses: { ...remoteAgents('the reference runtime'), ...OCI_GENAI_UNLESS_OVERRIDE },
};
