// @agentspec/openai-agents — run Agent Spec on the OpenAI Agents SDK, and import its agents.

export { OPENAI_AGENTS_RUNTIME_NAME } from './names.js';
export type {
  AgentCompile, AskRequest, CompiledGroup, CompileOptions, CompileResult, CompileWarning, GroupCompile, GroupCompileOptions, ImportOptions, ImportResult, OpenAiAgentsRuntimeOptions,
  StructuredOutputMode, TransformHooks,
} from './types.js';

// Compile: Agent Spec Agent → Agents SDK Agent
export { compileOpenAiAgents } from './compile/compile-open-ai-agents.js';
export type { CompiledAgent } from './compile/compile-agent.js';
export { respondToClientTool, type AgentSpecRunData, type PausedRun } from './compile/run-data.js';
export { AgentSpecChatCompletionsModel, AgentSpecResponsesModel, type ModelEndpoint } from './model/agentspec-models.js';

// Emit: Agent Spec Agent → a TypeScript module that builds the same Agent (`agentspec compile --target openai-agents`)
export { emitOpenAiAgents, type EmitOptions, type EmitResult } from './emit/index.js';

// The Runnable contract, and the LLM backend of flows
export { openaiAgentsRuntime } from './runtime/openai-agents-runtime.js';
export { openaiAgentsBackend } from './backend/openai-agents-backend.js';

// Import: Agents SDK Agent → Agent Spec Agent
export { importOpenAiAgents } from './import/import-open-ai-agents.js';
export { OPENAI_AGENTS_IMPORT_WARNINGS, type OpenAiAgentsImportWarningCode } from './import/warning-codes.js';
export type { AnyAgent } from './import/any-agent.js';
export { openaiAgentsAdapter } from './adapter.js';
