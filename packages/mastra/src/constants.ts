/** The runtime's name in the conformance matrix and in saved sessions. */
export const MASTRA_RUNTIME_NAME = 'mastra';

/** Key of `metadata` (steps, workflows, agents) holding the Agent Spec component a Mastra object was compiled from. */
export const AGENTSPEC_METADATA_KEY = 'agentspec';

/** RequestContext keys the compiled agents and workflows read. */
export const CONTEXT_INPUTS = 'agentspec.inputs';
export const CONTEXT_RUN = 'agentspec.run';
/** RequestContext key of a Swarm's or ManagerWorkers' run, read by the tools standing for its agents. */
export const CONTEXT_GROUP = 'agentspec.group';
