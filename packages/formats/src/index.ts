// @agentspec/formats — importers of other agent description formats into
// Agent Spec documents, each with coded warnings for what has no equivalent.

// OpenAgentSpec v1 agents → Agent
export { importOpenAgentSpec, type OpenAgentSpecImportOptions } from './openagentspec/import-open-agent-spec.js';
export { OPENAGENTSPEC_WARNING_CODES, type OpenAgentSpecWarningCode } from './openagentspec/warning-codes.js';
export { PLACEHOLDER_LLM_URL, PLACEHOLDER_MODEL } from './openagentspec/llm-config.js';

// agents.json flows → Flow of ApiNodes
export { importAgentsJson, importAgentsJsonFlows, type AgentsJsonImportOptions } from './agents-json/import-agents-json.js';
export { AGENTS_JSON_WARNING_CODES, type AgentsJsonWarningCode } from './agents-json/warning-codes.js';

// Shared
export { FORMAT_ERROR_CODES, type FormatErrorCode } from './format-error.js';
export type { FormatImport, FormatWarning } from './format-warning.js';
export type { ReadLimits } from './read-document.js';
